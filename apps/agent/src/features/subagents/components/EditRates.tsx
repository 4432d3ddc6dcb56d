import type { SubAgent } from '@app/contract/agent-office';
import type { CategoryRates } from '@app/contract/agent-plans';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/shared/api/client';
import { rateTexts, readRates } from '@/shared/rates';
import { RateFields } from '@/shared/ui/RateFields';
import { showToast } from '@/shared/ui/toast';
import { useSetSubAgentRates } from '../api';

/** The form of one sub-agent (mounted anew for each, so it starts from that agent's rates). */
function RatesForm({ agent, own, onClose }: { agent: SubAgent; own: CategoryRates; onClose: () => void }) {
  const save = useSetSubAgentRates();
  const [texts, setTexts] = useState(() => rateTexts(agent.rates));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const read = readRates(texts, own);
    setProblem(read.problem);
    if (read.problem !== null) return;
    save.mutate(
      { id: agent.id, rates: read.rates },
      {
        onSuccess: () => {
          showToast('返佣比例已保存', 'success');
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <form className="sheet" onSubmit={submit} noValidate aria-label="修改返佣比例">
      <h2 className="sheet-title">修改返佣比例 · {agent.username}</h2>
      <RateFields texts={texts} own={own} onChange={setTexts} disabled={save.isPending} />
      {problem && (
        <p className="sheet-error" role="alert">
          {problem}
        </p>
      )}
      <div className="sheet-actions">
        <Button onClick={onClose} disabled={save.isPending}>
          取消
        </Button>
        <Button
          type="submit"
          color="primary"
          loading={save.isPending}
          loadingText="保存中…"
          disabled={save.isPending}
        >
          保存
        </Button>
      </div>
    </form>
  );
}

/** 修改返佣比例 of a direct sub-agent, each category at most the agent's own. */
export function EditRates({
  agent,
  own,
  onClose,
}: {
  agent: SubAgent | null;
  own: CategoryRates;
  onClose: () => void;
}) {
  return (
    <Popup visible={agent !== null} onMaskClick={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      {agent && <RatesForm key={agent.id} agent={agent} own={own} onClose={onClose} />}
    </Popup>
  );
}
