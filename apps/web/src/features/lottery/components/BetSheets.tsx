import type { ChatMessage, Room } from '@app/contract/lottery';
import Popup from 'antd-mobile/es/components/popup';
import { useConfirmOrder } from '../hooks/useBetForm';
import type { ConfirmLine } from '../bet-rules';

/* The sheets the bet panel (BetPanel) opens over itself. */

/** 玩法介绍: each group's description. */
export function HelpSheet({ room, visible, onClose }: { room: Room; visible: boolean; onClose: () => void }) {
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

/** The lines of 投注确认, each with its own amount and a remove button. */
function ConfirmList({ lines, onLines }: { lines: ConfirmLine[]; onLines: (lines: ConfirmLine[]) => void }) {
  return (
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
            onChange={(e) => onLines(lines.map((l, j) => (j === i ? { ...l, amount: e.target.value } : l)))}
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
  );
}

/** 投注确认: each line with its own amount and a remove button; 确认投注 places the order once. */
export function ConfirmSheet({
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
  const order = useConfirmOrder(room, lines, onPlaced);
  return (
    <Popup visible={lines !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="lottery-sheet">
      {lines && (
        <div className="lottery-sheet-body" role="dialog" aria-label="投注确认">
          <h2 className="lottery-sheet-title">投注确认</h2>
          <p className="bet-confirm-round">第{room.now.openExpect}期</p>
          <ConfirmList lines={lines} onLines={onLines} />
          {lines.length === 0 && <p className="verify-note">已删除全部投注</p>}
          <p className="bet-summary" data-testid="confirm-summary">
            {order.summary.text}
          </p>
          <div className="bet-actions">
            <button type="button" className="bet-button" onClick={onClose}>
              取消
            </button>
            <button
              type="button"
              className="bet-button primary"
              disabled={order.pending || lines.length === 0}
              aria-busy={order.pending}
              onClick={order.submit}
            >
              {order.pending ? '提交中…' : '确认投注'}
            </button>
          </div>
        </div>
      )}
    </Popup>
  );
}
