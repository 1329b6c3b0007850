import { Button, CopyValue, Modal } from '../../../ui';

/** 'Show password' (and the answer to 'Reset password'): the link and its password, to hand out together. */
export function TestChatPasswordDialog({
  password,
  link,
  isNew,
  onClose,
}: {
  password: string;
  link: string;
  isNew: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      title={isNew ? 'New test chat password' : 'Test chat password'}
      description="Whoever has the link and this password can chat with the flows activated to test."
      onClose={onClose}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <CopyValue label="Password" value={password} />
      <CopyValue label="Link" value={link} />
    </Modal>
  );
}
