import { MSG_CARD_NO, MSG_CARD_NO_DIGITS, MSG_CARD_NO_LENGTH } from '@app/contract/cashier';
import {
  consoleCreateReceivingCard,
  consoleUpdateReceivingCard,
  MSG_RECEIVING_BANK,
  MSG_RECEIVING_OWNER,
  RECEIVING_ADDRESS_MAX,
  type ReceivingCard,
} from '@app/contract/console-payments';
import { Alert, Form, Input } from 'antd';
import { useSubmittedNotice } from '@/shared/review';
import { SaveError, SaveModal } from '@/shared/SaveModal';
import { usePaymentsWrite } from '../api';

interface Values {
  bank_name: string;
  bank_no: string;
  owner: string;
  address: string;
}

const EMPTY: Values = { bank_name: '', bank_no: '', owner: '', address: '' };

/** The card number rule of the contract: spaces dropped, 8–32 digits. */
const cardNoRule = {
  validator: (_r: unknown, v: string | undefined) => {
    const digits = (v ?? '').replace(/\s+/g, '');
    if (digits === '') return Promise.reject(new Error(MSG_CARD_NO));
    if (digits.length < 8 || digits.length > 32) return Promise.reject(new Error(MSG_CARD_NO_LENGTH));
    if (!/^\d+$/.test(digits)) return Promise.reject(new Error(MSG_CARD_NO_DIGITS));
    return Promise.resolve();
  },
};

/** 新增 or 编辑 a receiving card. */
export function ReceivingCardModal({
  card,
  onClose,
}: {
  card: ReceivingCard | 'new' | null;
  onClose: () => void;
}) {
  if (card === null) return null;
  return (
    <CardForm key={card === 'new' ? 'new' : card.id} card={card === 'new' ? null : card} onClose={onClose} />
  );
}

function CardForm({ card, onClose }: { card: ReceivingCard | null; onClose: () => void }) {
  const notice = useSubmittedNotice();
  const [form] = Form.useForm<Values>();
  // Both always wait in 待复核: the list shows the card (or its change) once another 财务 approves.
  const create = usePaymentsWrite(consoleCreateReceivingCard, (_t, said) => {
    notice(said, 'payment.cardCreate', '通过后才会出现在列表中');
    onClose();
  });
  const update = usePaymentsWrite(consoleUpdateReceivingCard, (_t, said) => {
    notice(said, 'payment.cardUpdate', '通过前列表和会员看到的仍是原银行卡信息');
    onClose();
  });
  const save = card ? update : create;

  const submit = (v: Values) => {
    const body = {
      bank_name: v.bank_name.trim(),
      bank_no: v.bank_no.replace(/\s+/g, ''),
      owner: v.owner.trim(),
      address: v.address.trim(),
    };
    if (card) update.mutate({ id: card.id, ...body });
    else create.mutate(body);
  };

  return (
    <SaveModal
      title={card ? `编辑收款银行卡：${card.bank_name}` : '新增收款银行卡'}
      busy={save.isPending}
      form={form}
      onClose={onClose}
      okText="提交复核"
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="保存后须由另一位财务或超级管理员在「待复核」中通过才生效，通过前列表不变。"
      />
      <SaveError write={save} />
      <Form<Values> form={form} layout="vertical" initialValues={card ?? EMPTY} onFinish={submit}>
        <Form.Item
          label="银行"
          name="bank_name"
          rules={[
            { required: true, whitespace: true, message: MSG_RECEIVING_BANK },
            { max: 32, message: '最多32个字' },
          ]}
        >
          <Input placeholder="例如 中国工商银行" maxLength={32} />
        </Form.Item>
        <Form.Item label="卡号" name="bank_no" required rules={[cardNoRule]}>
          <Input inputMode="numeric" placeholder="8–32位数字" maxLength={40} />
        </Form.Item>
        <Form.Item
          label="开户人"
          name="owner"
          rules={[
            { required: true, whitespace: true, message: MSG_RECEIVING_OWNER },
            { max: 64, message: '最多64个字' },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label="开户行地址" name="address">
          <Input placeholder="例如 北京市朝阳支行" maxLength={RECEIVING_ADDRESS_MAX} />
        </Form.Item>
      </Form>
    </SaveModal>
  );
}
