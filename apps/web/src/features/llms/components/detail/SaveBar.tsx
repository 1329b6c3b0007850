import { Button } from '../../../../ui';

/** The Save button every tab but Test has (spec 04 section 2.5); it submits the tab's form. */
export function SaveBar({
  formId,
  isSaving,
  isDisabled,
}: {
  formId: string;
  isSaving: boolean;
  isDisabled?: boolean;
}) {
  return (
    <div className="llm-tab__save">
      <Button type="submit" form={formId} isLoading={isSaving} disabled={isDisabled}>
        Save
      </Button>
    </div>
  );
}
