import {
  consoleSetPaymentRates,
  MSG_RATE_ORDER,
  rateUnits,
  type PaymentRates,
} from '@app/contract/console-payments';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, Row, Spin, Typography, type FormInstance } from 'antd';
import { errorMessage } from '@/shared/api';
import { shortTime } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { paymentRatesQuery, usePaymentsWrite } from '../api';
import { feeRule, rateRule } from '../rules';

type Values = Omit<PaymentRates, 'updated_at'>;

const LABELS: Record<keyof Values, string> = {
  usdtrate: '充值汇率',
  withdrawusdtrate: '提款汇率',
  fee_erc20: 'ERC20提款手续费',
  fee_trc20: 'TRC20提款手续费',
};

/** "7.2000" → "7.2" (what an operator types). */
const trimRate = (v: string) => v.replace(/\.?0+$/, '');

/** USDT for `cny` yuan at `rate`, floored to cents as the server does; '—' for a rate not valid. */
function usdtOf(cny: number, rate: string): string {
  const units = rateUnits(rate);
  return units ? (Math.floor((cny * 100 * 10_000) / units) / 100).toFixed(2) : '—';
}

/** 汇率与手续费: CNY per USDT for deposits and withdrawals, and the USDT withdrawal fees. */
export default function RatesScreen() {
  const rates = useQuery(paymentRatesQuery());
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          汇率与手续费
        </Typography.Title>
      }
    >
      {rates.isError && !rates.data ? (
        <QueryError error={rates.error} retry={() => void rates.refetch()} />
      ) : rates.data ? (
        <RatesForm key={rates.data.updated_at} rates={rates.data} />
      ) : (
        <Spin />
      )}
    </Card>
  );
}

function RatesForm({ rates }: { rates: PaymentRates }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = usePaymentsWrite(consoleSetPaymentRates, () => message.success('已保存汇率与手续费'));
  const deposit = Form.useWatch('usdtrate', form) ?? '';
  const withdraw = Form.useWatch('withdrawusdtrate', form) ?? '';
  const initial: Values = {
    usdtrate: trimRate(rates.usdtrate),
    withdrawusdtrate: trimRate(rates.withdrawusdtrate),
    fee_erc20: rates.fee_erc20,
    fee_trc20: rates.fee_trc20,
  };

  const confirm = (v: Values) => {
    const changes = (Object.keys(LABELS) as (keyof Values)[])
      .filter((k) => v[k].trim() !== initial[k])
      .map((k) => `${LABELS[k]}：${initial[k]} → ${v[k].trim()}`);
    if (changes.length === 0) return void message.info('没有修改');
    modal.confirm({
      title: '确认修改汇率与手续费',
      content: (
        <>
          {changes.map((c) => (
            <div key={c}>{c}</div>
          ))}
          <div style={{ marginTop: 8 }}>只影响之后提交的订单，已提交的订单不变。</div>
        </>
      ),
      okText: '确认修改',
      cancelText: '取消',
      onOk: () =>
        save
          .mutateAsync({
            usdtrate: v.usdtrate.trim(),
            withdrawusdtrate: v.withdrawusdtrate.trim(),
            fee_erc20: v.fee_erc20.trim(),
            fee_trc20: v.fee_trc20.trim(),
          })
          .catch((err: unknown) => void message.error(errorMessage(err))),
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={confirm}
      style={{ maxWidth: 720 }}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="修改只影响之后提交的订单：已提交的存款保留提交时的USDT数量，已提交的提款保留提交时的手续费和到账USDT。"
      />
      <RateFields form={form} deposit={deposit} withdraw={withdraw} />
      <Typography.Paragraph type="secondary">上次修改：{shortTime(rates.updated_at)}</Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}

/** The four fields, with what 1,000 yuan is in USDT at the rates typed. */
function RateFields({
  form,
  deposit,
  withdraw,
}: {
  form: FormInstance<Values>;
  deposit: string;
  withdraw: string;
}) {
  return (
    <Row gutter={24}>
      <Col span={12}>
        <Form.Item
          label="充值汇率（元/USDT）"
          name="usdtrate"
          rules={[rateRule]}
          extra={`充值¥1,000 需支付 ${usdtOf(1000, deposit)} USDT`}
        >
          <Input inputMode="decimal" maxLength={10} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          label="提款汇率（元/USDT）"
          name="withdrawusdtrate"
          dependencies={['usdtrate']}
          rules={[
            rateRule,
            {
              validator: (_r, v: string) =>
                (rateUnits(v ?? '') ?? 0) < (rateUnits(form.getFieldValue('usdtrate') as string) ?? 0)
                  ? Promise.reject(new Error(MSG_RATE_ORDER))
                  : Promise.resolve(),
            },
          ]}
          extra={`提款¥1,000 折合 ${usdtOf(1000, withdraw)} USDT（未扣手续费）`}
        >
          <Input inputMode="decimal" maxLength={10} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="ERC20提款手续费（USDT/笔）" name="fee_erc20" rules={[feeRule]}>
          <Input inputMode="decimal" maxLength={8} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="TRC20提款手续费（USDT/笔）" name="fee_trc20" rules={[feeRule]}>
          <Input inputMode="decimal" maxLength={8} />
        </Form.Item>
      </Col>
    </Row>
  );
}
