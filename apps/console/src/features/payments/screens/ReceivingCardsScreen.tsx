import { consoleSetReceivingCardEnabled, type ReceivingCard } from '@app/contract/console-payments';
import { useQuery } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { receivingCardsQuery, usePaymentsWrite } from '../api';
import { ListCard } from '../components/ListCard';
import { ReceivingCardModal } from '../components/ReceivingCardModal';
import { receivingCardColumns } from '../components/receivingCardColumns';
import { useEnableToggle } from '../useEnableToggle';

/** 收款银行卡: the platform's cards members transfer to; the enabled ones show on the bank-transfer form. */
export default function ReceivingCardsScreen() {
  const list = useQuery(receivingCardsQuery());
  const { message } = App.useApp();
  const [editing, setEditing] = useState<ReceivingCard | 'new' | null>(null);
  const toggle = usePaymentsWrite(consoleSetReceivingCardEnabled, (c) =>
    message.success(`${c.bank_name} ${c.bank_no} 已${c.enabled ? '启用' : '停用'}`),
  );
  const { busy, setEnabled } = useEnableToggle({
    key: (c: ReceivingCard) => c.id,
    write: (c, enabled) => toggle.mutateAsync({ id: c.id, enabled }),
    confirmOff: (c) => ({
      title: '停用收款银行卡',
      content: `停用后会员的银行转账页不再显示 ${c.bank_name} ${c.bank_no}。`,
      okText: '确认停用',
    }),
  });

  return (
    <ListCard<ReceivingCard>
      title="收款银行卡"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新增收款银行卡
        </Button>
      }
      note="启用的银行卡显示在会员的银行转账页；银行转账开启时，至少保留一张启用的银行卡。"
      list={list}
      rowKey="id"
      columns={receivingCardColumns({ busy, onToggle: setEnabled, onEdit: setEditing })}
      emptyText="暂无收款银行卡"
    >
      <ReceivingCardModal card={editing} onClose={() => setEditing(null)} />
    </ListCard>
  );
}
