import { isReviewTicket } from '@app/contract/console-approvals';
import {
  consoleSetPayMethod,
  PAY_METHOD_LABELS,
  usdtProtocolOf,
  type PayMethod,
} from '@app/contract/console-payments';
import { MSG_PAY_ACCOUNT } from '@app/contract/ops-money';
import { Alert, App, Button, Form, Input, Space, type FormInstance } from 'antd';
import { ImageUpload } from '@/shared/ImageUpload';
import { useSubmittedNotice } from '@/shared/review';
import { SaveError, SaveModal } from '@/shared/SaveModal';
import { usePaymentsWrite } from '../api';
import { rangeRule, usdtAddressRule, yuanRule } from '../rules';

interface Values {
  min: string;
  max: string;
  account: string;
  qr_image: string;
}

/** 编辑 a pay method: its range and, except bank transfer, where to pay and the QR code members scan. */
export function PayMethodModal({ method, onClose }: { method: PayMethod | null; onClose: () => void }) {
  // A fresh form for each method opened.
  return method ? <EditMethod key={method.type} method={method} onClose={onClose} /> : null;
}

function EditMethod({ method, onClose }: { method: PayMethod; onClose: () => void }) {
  const { message } = App.useApp();
  const notice = useSubmittedNotice();
  const [form] = Form.useForm<Values>();
  // A new account or QR code waits in 待复核 (with the range, saved together once approved).
  const save = usePaymentsWrite(consoleSetPayMethod, (m, said) => {
    if (isReviewTicket(m)) notice(said, 'payment.method', '通过前会员仍看到原收款账户和二维码');
    else void message.success(`已保存${PAY_METHOD_LABELS[m.type]}`);
    onClose();
  });
  const bank = method.type === 'bank';

  const submit = (v: Values) =>
    save.mutate({
      type: method.type,
      min: v.min.trim(),
      max: v.max.trim(),
      ...(bank ? {} : { account: v.account.trim(), qr_image: v.qr_image }),
    });

  return (
    <SaveModal
      title={`编辑支付方式：${PAY_METHOD_LABELS[method.type]}`}
      busy={save.isPending}
      form={form}
      onClose={onClose}
      width={560}
    >
      {!bank && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="修改收款账户或二维码须由另一位财务或超级管理员在「待复核」中通过后才生效（同时修改的单笔范围一并等待）；只改单笔范围立即生效。"
        />
      )}
      <SaveError write={save} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          min: method.min,
          max: method.max,
          account: method.account,
          qr_image: method.qr_image,
        }}
        onFinish={submit}
      >
        <Space.Compact block>
          <Form.Item label="单笔最小（元）" name="min" rules={[yuanRule]} style={{ flex: 1 }}>
            <Input inputMode="decimal" maxLength={12} />
          </Form.Item>
          <Form.Item
            label="单笔最大（元）"
            name="max"
            dependencies={['min']}
            rules={[yuanRule, rangeRule(() => form.getFieldValue('min') as string)]}
            style={{ flex: 1, marginLeft: 12 }}
          >
            <Input inputMode="decimal" maxLength={12} />
          </Form.Item>
        </Space.Compact>
        {!bank && <WhereToPay form={form} type={method.type} busy={save.isPending} />}
      </Form>
    </SaveModal>
  );
}

/** Where members pay (account or USDT address of the protocol) and the QR code they scan. */
function WhereToPay({
  form,
  type,
  busy,
}: {
  form: FormInstance<Values>;
  type: PayMethod['type'];
  busy: boolean;
}) {
  const protocol = usdtProtocolOf(type);
  return (
    <>
      <Form.Item
        label={protocol ? `USDT收款地址（${protocol}）` : '收款账户'}
        name="account"
        extra={
          protocol
            ? protocol === 'TRC20'
              ? 'T开头，共34位'
              : '0x开头，后接40位十六进制字符'
            : '会员支付页显示的收款人名称'
        }
        rules={[{ max: 128, message: MSG_PAY_ACCOUNT }, usdtAddressRule(type)]}
      >
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item label="收款二维码">
        <Space align="start">
          <Form.Item name="qr_image" noStyle>
            <ImageUpload width={120} disabled={busy} />
          </Form.Item>
          <Form.Item noStyle shouldUpdate>
            {() =>
              form.getFieldValue('qr_image') ? (
                <Button danger disabled={busy} onClick={() => form.setFieldValue('qr_image', '')}>
                  移除
                </Button>
              ) : null
            }
          </Form.Item>
        </Space>
      </Form.Item>
    </>
  );
}
