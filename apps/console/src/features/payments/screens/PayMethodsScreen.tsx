import { isReviewTicket } from '@app/contract/console-approvals';
import { consoleSetPayMethod, PAY_METHOD_LABELS, type PayMethod } from '@app/contract/console-payments';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { payMethodsQuery, usePaymentsWrite } from '../api';
import { ListCard } from '../components/ListCard';
import { PayMethodModal } from '../components/PayMethodModal';
import { payMethodColumns } from '../components/payMethodColumns';
import { useEnableToggle } from '../useEnableToggle';

/** 支付方式: each way members can deposit by, on or off, its range, where to pay and its QR code. */
export default function PayMethodsScreen() {
  const list = useQuery(payMethodsQuery());
  const { message } = App.useApp();
  const [editing, setEditing] = useState<PayMethod | null>(null);
  // On or off applies at once (only a change of where to pay goes to 待复核).
  const toggle = usePaymentsWrite(consoleSetPayMethod, (m) => {
    if (!isReviewTicket(m))
      void message.success(`${PAY_METHOD_LABELS[m.type]}已${m.enabled ? '开启' : '关闭'}`);
  });
  const { busy, setEnabled } = useEnableToggle({
    key: (m: PayMethod) => m.type,
    write: (m, enabled) => toggle.mutateAsync({ type: m.type, enabled }),
    confirmOff: (m) => ({
      title: `关闭${PAY_METHOD_LABELS[m.type]}`,
      content: '关闭后会员充值页不再提供该方式，提交时也会被拒绝；已提交的订单不受影响，仍可审核。',
      okText: '确认关闭',
    }),
  });

  return (
    <ListCard<PayMethod>
      title="支付方式"
      note="修改只影响之后提交的订单：已提交的存款保留提交时的收款账户、二维码和USDT数量。"
      list={list}
      rowKey="type"
      columns={payMethodColumns({ busy, onToggle: setEnabled, onEdit: setEditing })}
      emptyText="暂无数据"
    >
      <PayMethodModal method={editing} onClose={() => setEditing(null)} />
    </ListCard>
  );
}
