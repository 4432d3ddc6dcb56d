import { Alert, Modal, type FormInstance, type ModalProps } from 'antd';
import { errorMessage } from './api';

type SaveModalProps = Omit<ModalProps, 'onOk' | 'onCancel' | 'okButtonProps' | 'cancelButtonProps'> & {
  /** A save is under way: 保存 spins and 取消 is off. */
  busy: boolean;
  /** The form 保存 submits. */
  form: FormInstance;
  onClose: () => void;
};

/** A modal that saves a form: 保存 submits `form`, 取消 closes it; open unless told otherwise. */
export function SaveModal({ busy, form, onClose, ...rest }: SaveModalProps) {
  return (
    <Modal
      open
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      {...rest}
    />
  );
}

/** The refusal of a failed save, above the form. */
export function SaveError({ write }: { write: { isError: boolean; error: unknown } }) {
  if (!write.isError) return null;
  return <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage(write.error)} />;
}
