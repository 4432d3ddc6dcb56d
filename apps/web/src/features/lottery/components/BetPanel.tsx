import { MSG_BET_PLACED, MSG_ROUND_CLOSED, type ChatMessage, type Room } from '@app/contract/lottery';
import { orderSummary } from '@app/contract/lottery-rules';
import Popup from 'antd-mobile/es/components/popup';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import { useIntentKey } from '@/shared/api/intent';
import { showToast } from '@/shared/ui/toast';
import { useLotteryOrder } from '../api';
import {
  amountCents,
  buildLines,
  centsToInput,
  confirmCents,
  DEFAULT_AMOUNT,
  orderBody,
  QUICK_AMOUNTS,
  togglePick,
  validateConfirm,
  validatePanel,
  type ConfirmLine,
  type Pick,
} from '../rules';

const BALLS = Array.from({ length: 49 }, (_, i) => i + 1);

/** 玩法介绍: each group's description. */
function HelpSheet({ room, visible, onClose }: { room: Room; visible: boolean; onClose: () => void }) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="lottery-sheet">
      <div className="lottery-sheet-body" role="dialog" aria-label="玩法介绍">
        <h2 className="lottery-sheet-title">玩法介绍</h2>
        <dl className="bet-help">
          {room.playGroups.map((g) => (
            <div key={g.name}>
              <dt>{g.name}</dt>
              <dd>{g.desc || '暂无说明'}</dd>
            </div>
          ))}
        </dl>
        <button type="button" className="lottery-sheet-close" onClick={onClose}>
          我知道了
        </button>
      </div>
    </Popup>
  );
}

/** 投注确认: each line with its own amount and a remove button; 确认投注 places the order once. */
function ConfirmSheet({
  room,
  lines,
  onLines,
  onClose,
  onPlaced,
}: {
  room: Room;
  lines: ConfirmLine[] | null;
  onLines: (lines: ConfirmLine[]) => void;
  onClose: () => void;
  onPlaced: (message: ChatMessage | null) => void;
}) {
  const order = useLotteryOrder();
  const intent = useIntentKey();
  const busy = useRef(false);
  const summary = orderSummary(confirmCents(lines ?? []));

  const submit = () => {
    if (!lines || busy.current) return; // a second tap while the first is on its way
    const message = validateConfirm(lines);
    if (message) {
      showToast(message, 'fail');
      return;
    }
    const body = orderBody(room.id ?? 0, room.now.openExpect, lines);
    busy.current = true;
    order.mutate(
      { ...body, intentKey: intent.keyFor(body) },
      {
        onSuccess: ({ data }) => {
          intent.done();
          showToast(MSG_BET_PLACED, 'success');
          onPlaced(data);
        },
        onError: (error) => {
          intent.failed(error);
          showToast(errorMessage(error), 'fail');
        },
        onSettled: () => {
          busy.current = false;
        },
      },
    );
  };

  return (
    <Popup visible={lines !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="lottery-sheet">
      {lines && (
        <div className="lottery-sheet-body" role="dialog" aria-label="投注确认">
          <h2 className="lottery-sheet-title">投注确认</h2>
          <p className="bet-confirm-round">第{room.now.openExpect}期</p>
          <ul className="bet-confirm-list" aria-label="投注内容">
            {lines.map((line, i) => (
              <li key={line.key} className="bet-confirm-row">
                <span className="bet-confirm-title">
                  {line.title}
                  <span className="bet-odds"> @{line.odds}</span>
                </span>
                <input
                  className="bet-input bet-confirm-amount"
                  inputMode="decimal"
                  maxLength={12}
                  aria-label={`${line.title} 金额`}
                  value={line.amount}
                  onChange={(e) =>
                    onLines(lines.map((l, j) => (j === i ? { ...l, amount: e.target.value } : l)))
                  }
                />
                <button
                  type="button"
                  className="icon-button bet-remove"
                  aria-label={`删除 ${line.title}`}
                  onClick={() => onLines(lines.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          {lines.length === 0 && <p className="verify-note">已删除全部投注</p>}
          <p className="bet-summary" data-testid="confirm-summary">
            {summary.text}
          </p>
          <div className="bet-actions">
            <button type="button" className="bet-button" onClick={onClose}>
              取消
            </button>
            <button
              type="button"
              className="bet-button primary"
              disabled={order.isPending || lines.length === 0}
              aria-busy={order.isPending}
              onClick={submit}
            >
              {order.isPending ? '提交中…' : '确认投注'}
            </button>
          </div>
        </div>
      )}
    </Popup>
  );
}

/**
 * 信用投注 (loaded on demand): play groups on the left, plays with their odds on the right; a group with
 * special > 0 shows the number grid 1–49 once a play is chosen (one line per picked number). The amount
 * applies to every line; 立即投注 opens 投注确认.
 */
export default function BetPanel({
  room,
  visible,
  roundOpen,
  onClose,
  onPlaced,
}: {
  room: Room;
  visible: boolean;
  roundOpen: boolean;
  onClose: () => void;
  onPlaced: (message: ChatMessage | null) => void;
}) {
  const id = useId();
  const groups = room.playGroups;
  const [groupIndex, setGroupIndex] = useState(0);
  /** The chosen play of each numbered group (special > 0), by group index. */
  const [numberPlay, setNumberPlay] = useState<Record<number, number>>({});
  const [picks, setPicks] = useState<Pick[]>([]);
  const [amount, setAmount] = useState(DEFAULT_AMOUNT);
  const [help, setHelp] = useState(false);
  /** The confirmation's lines, for the round open when it was asked (a new round drops it). */
  const [confirm, setConfirm] = useState<{ expect: string; lines: ConfirmLine[] } | null>(null);
  const confirmLines = visible && confirm?.expect === room.now.openExpect ? confirm.lines : null;

  const group = groups[groupIndex] ?? groups[0];
  const numbered = (group?.special ?? 0) > 0;
  const activePlay = numbered ? (numberPlay[groupIndex] ?? null) : null;
  const lines = buildLines(picks, groups, amountCents(amount) ?? 0);
  const summary = orderSummary(lines);
  const picked = new Set(lines.map((l) => l.key));
  const countOf = (playId: number) => lines.filter((l) => l.playId === playId).length;

  const clear = () => {
    setPicks([]);
    setAmount(DEFAULT_AMOUNT);
  };
  const openConfirm = () => {
    const message = roundOpen ? validatePanel(lines.length, amount) : MSG_ROUND_CLOSED;
    if (message) {
      showToast(message, 'fail');
      return;
    }
    setConfirm({
      expect: room.now.openExpect,
      lines: lines.map(({ amountCents: cents, ...l }) => ({ ...l, amount: centsToInput(cents) })),
    });
  };
  const placed = (message: ChatMessage | null) => {
    setConfirm(null);
    setPicks([]);
    onPlaced(message);
  };

  return (
    <>
      <Popup
        visible={visible}
        onMaskClick={onClose}
        onClose={onClose}
        bodyClassName="lottery-sheet bet-sheet"
      >
        <div className="bet-panel" role="dialog" aria-labelledby={`${id}-t`}>
          <div className="bet-head">
            <h2 className="lottery-sheet-title" id={`${id}-t`}>
              信用投注
            </h2>
            <button type="button" className="link-button" onClick={() => setHelp(true)}>
              玩法介绍
            </button>
            <button type="button" className="icon-button" aria-label="关闭" onClick={onClose}>
              ×
            </button>
          </div>
          {groups.length === 0 ? (
            <p className="verify-note">暂无玩法</p>
          ) : (
            <div className="bet-body">
              <div className="bet-groups" role="tablist" aria-orientation="vertical" aria-label="玩法分类">
                {groups.map((g, i) => (
                  <button
                    key={`${g.name}-${i}`}
                    type="button"
                    role="tab"
                    id={`${id}-g${i}`}
                    aria-selected={i === groupIndex}
                    aria-controls={`${id}-p`}
                    className={i === groupIndex ? 'bet-group active' : 'bet-group'}
                    onClick={() => setGroupIndex(i)}
                  >
                    {g.name}
                  </button>
                ))}
              </div>
              <div
                className="bet-plays"
                role="tabpanel"
                id={`${id}-p`}
                aria-labelledby={`${id}-g${groupIndex}`}
              >
                <div className="bet-play-grid">
                  {group?.plays.map((p) => {
                    const pressed = numbered ? activePlay === p.id : picked.has(String(p.id));
                    const count = numbered ? countOf(p.id) : 0;
                    return (
                      <button
                        key={p.id}
                        type="button"
                        className={pressed ? 'bet-play active' : 'bet-play'}
                        aria-pressed={pressed}
                        onClick={() =>
                          numbered
                            ? setNumberPlay((m) => ({ ...m, [groupIndex]: p.id }))
                            : setPicks((list) => togglePick(list, { playId: p.id, number: null }))
                        }
                      >
                        <span className="bet-play-title">{p.title}</span>{' '}
                        <span className="bet-odds">{p.odds}</span>
                        {count > 0 && <span className="bet-count"> 已选{count}</span>}
                      </button>
                    );
                  })}
                </div>
                {numbered && activePlay === null && <p className="verify-note">请先选择玩法，再选号码</p>}
                {numbered && activePlay !== null && (
                  <div className="bet-numbers" role="group" aria-label="选择号码">
                    {BALLS.map((n) => {
                      const on = picked.has(`${activePlay}:${n}`);
                      return (
                        <button
                          key={n}
                          type="button"
                          className={on ? 'bet-number active' : 'bet-number'}
                          aria-pressed={on}
                          onClick={() =>
                            setPicks((list) => togglePick(list, { playId: activePlay, number: n }))
                          }
                        >
                          {String(n).padStart(2, '0')}
                        </button>
                      );
                    })}
                  </div>
                )}
              </div>
            </div>
          )}
          <div className="bet-foot">
            <div className="bet-quick" role="group" aria-label="快捷金额">
              {QUICK_AMOUNTS.map((q) => (
                <button
                  key={q}
                  type="button"
                  className={amount === String(q) ? 'bet-chip active' : 'bet-chip'}
                  aria-pressed={amount === String(q)}
                  onClick={() => setAmount(String(q))}
                >
                  {q}
                </button>
              ))}
            </div>
            <div className="bet-amount-row">
              <label className="bet-amount-label" htmlFor={`${id}-a`}>
                单注金额
              </label>
              <input
                id={`${id}-a`}
                className="bet-input"
                inputMode="decimal"
                maxLength={12}
                placeholder="请输入投注金额"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
              <button type="button" className="bet-button" onClick={clear}>
                清空
              </button>
            </div>
            <div className="bet-amount-row">
              <span className="bet-summary" data-testid="bet-summary">
                {summary.text}
              </span>
              <button type="button" className="bet-button primary" onClick={openConfirm}>
                立即投注
              </button>
            </div>
          </div>
        </div>
      </Popup>
      <HelpSheet room={room} visible={help} onClose={() => setHelp(false)} />
      <ConfirmSheet
        room={room}
        lines={confirmLines}
        onLines={(next) => setConfirm({ expect: room.now.openExpect, lines: next })}
        onClose={() => setConfirm(null)}
        onPlaced={placed}
      />
    </>
  );
}
