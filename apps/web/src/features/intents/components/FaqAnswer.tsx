import { type IntentSummary, INTENT_MESSAGES as M } from '@parley/contracts';
import { showFailure } from '../../../api/server-error';
import { Button, popup } from '../../../ui';
import { EditableText } from '../../bot-content';
import { changeToNormalIntent, updateFaqAnswer } from '../api/intents-api';

interface FaqAnswerProps {
  botName: string;
  intent: IntentSummary;
  canManage: boolean;
  onChanged: () => Promise<void>;
}

/** An FAQ intent's answer, and the one-way change to a normal intent (spec 02 sections 2.2 and 4). */
export function FaqAnswer({ botName, intent, canManage, onChanged }: FaqAnswerProps) {
  const saveAnswer = async (answer: string) => {
    if (answer === '') {
      void popup.error({ title: M.faqAnswerEmpty });
      throw new Error(M.faqAnswerEmpty);
    }
    try {
      await updateFaqAnswer(botName, intent.name, answer);
    } catch (error) {
      showFailure(M.faqAnswerEmpty, error);
      throw error;
    }
    await onChanged();
  };

  const changeToNormal = async () => {
    const isSure = await popup.confirm({ title: M.changeTypeConfirm, actionText: M.changeToNormal });
    if (!isSure) return;
    try {
      await changeToNormalIntent(botName, intent.name);
    } catch (error) {
      showFailure('Error!', error);
      return;
    }
    await onChanged();
  };

  return (
    <section className="faq-answer" aria-label="FAQ Answer">
      <div className="faq-answer__header">
        <h3 className="content-section-title">FAQ Answer</h3>
        {canManage && (
          <Button size="sm" variant="secondary" onClick={() => void changeToNormal()}>
            {M.changeToNormal}
          </Button>
        )}
      </div>
      <EditableText
        label="FAQ answer"
        value={intent.answer}
        canEdit={canManage}
        isMultiline
        onSave={saveAnswer}
      />
    </section>
  );
}
