import type { CategoryRates, InviteKind } from '@app/contract/agent-plans';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/shared/api/client';
import { rateTexts } from '@/shared/rates';
import { RateFields } from '@/shared/ui/RateFields';
import { showToast } from '@/shared/ui/toast';
import { useCreateInvite } from '../api';
import { MSG_NO_AGENT_LINKS, readInviteForm, type InviteForm } from '../rules';

const KINDS: { kind: InviteKind; label: string }[] = [
  { kind: 'member', label: '会员' },
  { kind: 'agent', label: '下级代理' },
];

/** 会员 or 下级代理 (the latter only while the tree may grow below this agent). */
function KindChoice({
  kind: chosen,
  canInviteAgents,
  onChange,
}: {
  kind: InviteKind;
  canInviteAgents: boolean;
  onChange: (kind: InviteKind) => void;
}) {
  return (
    <div className="inv-kinds" role="radiogroup" aria-label="邀请类型">
      {KINDS.map(({ kind, label }) => (
        <button
          key={kind}
          type="button"
          role="radio"
          aria-checked={chosen === kind}
          className={chosen === kind ? 'inv-kind active' : 'inv-kind'}
          disabled={kind === 'agent' && !canInviteAgents}
          onClick={() => onChange(kind)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

function NumberField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="sheet-field">
      <span>{label}</span>
      <input
        inputMode="numeric"
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

const freshForm = (): InviteForm => ({ kind: 'member', days: '0', maxUses: '0', rates: rateTexts() });

/** 新建推广链接: a member or a sub-agent link, its days and uses, a sub-agent's rates (≤ own). */
export function CreateInvite({
  visible,
  onClose,
  own,
  canInviteAgents,
}: {
  visible: boolean;
  onClose: () => void;
  own: CategoryRates;
  canInviteAgents: boolean;
}) {
  const create = useCreateInvite();
  const [form, setForm] = useState(freshForm);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<InviteForm>) => setForm((f) => ({ ...f, ...patch }));
  const close = () => {
    if (create.isPending) return;
    setProblem(null);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const read = readInviteForm(form, { own, canInviteAgents });
    setProblem(read.problem);
    if (read.problem !== null) return;
    create.mutate(read.input, {
      onSuccess: () => {
        showToast('创建成功', 'success');
        setForm(freshForm());
        onClose();
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };
  return (
    <Popup visible={visible} onMaskClick={close} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <form className="sheet" onSubmit={submit} noValidate aria-label="新建推广链接">
        <h2 className="sheet-title">新建推广链接</h2>
        <KindChoice kind={form.kind} canInviteAgents={canInviteAgents} onChange={(kind) => set({ kind })} />
        {!canInviteAgents && <p className="sheet-hint">{MSG_NO_AGENT_LINKS}</p>}
        <NumberField label="有效天数" value={form.days} onChange={(days) => set({ days })} />
        <NumberField label="使用次数" value={form.maxUses} onChange={(maxUses) => set({ maxUses })} />
        <p className="sheet-hint">有效天数 0 为长期有效；使用次数 0 为不限次数</p>
        {form.kind === 'agent' && (
          <RateFields
            texts={form.rates}
            own={own}
            onChange={(rates) => set({ rates })}
            disabled={create.isPending}
          />
        )}
        {problem && (
          <p className="sheet-error" role="alert">
            {problem}
          </p>
        )}
        <div className="sheet-actions">
          <Button onClick={close} disabled={create.isPending}>
            取消
          </Button>
          <Button
            type="submit"
            color="primary"
            loading={create.isPending}
            loadingText="创建中…"
            disabled={create.isPending}
          >
            创建
          </Button>
        </div>
      </form>
    </Popup>
  );
}
