import type { Draw, WaveColor } from '@app/contract/lottery';
import type { LotteryType } from '@app/contract/enums';
import { COLOR_NAMES } from '@app/contract/lottery-labels';
import { drawView, type BallView } from '../rules';

const colorClass = (c: WaveColor | null) => (c ? `ball-${c}` : 'ball-plain');

function Ball({ ball, special = false }: { ball: BallView; special?: boolean }) {
  const name = `${special ? '特码 ' : ''}${ball.number}${ball.color ? ` ${COLOR_NAMES[ball.color]}` : ''}${
    ball.label ? ` ${ball.label}` : ''
  }`;
  return (
    <span className="ball-cell" role="listitem" aria-label={name}>
      <span className={`ball ${colorClass(ball.color)}`}>{String(ball.number).padStart(2, '0')}</span>
      {ball.label && <span className="ball-label">{ball.label}</span>}
    </span>
  );
}

/**
 * A result. Type 1: six balls, then the special ball, each with its colour and 大小单双; type 2: three
 * balls, their total, its label (大单…) and its colour.
 */
export function DrawBalls({ type, draw }: { type: LotteryType; draw: Draw }) {
  const view = drawView(type, draw);
  if (view.balls.length === 0) return <span className="draw-pending">等待开奖</span>;
  if (type === 1) {
    return (
      <span className="draw-balls" role="list" aria-label={`第${draw.expect}期开奖号码`}>
        {view.balls.map((b, i) => (
          <Ball key={i} ball={b} />
        ))}
        {view.special && (
          <>
            <span className="draw-plus" aria-hidden="true">
              +
            </span>
            <Ball ball={view.special} special />
          </>
        )}
      </span>
    );
  }
  return (
    <span className="draw-balls" role="list" aria-label={`第${draw.expect}期开奖号码`}>
      {view.balls.map((b, i) => (
        <span key={i} className="ball-cell" role="listitem">
          {i > 0 && (
            <span className="draw-plus" aria-hidden="true">
              +
            </span>
          )}
          <span className="ball ball-plain">{b.number}</span>
        </span>
      ))}
      <span className="draw-plus" aria-hidden="true">
        =
      </span>
      <span className="ball-cell" role="listitem" aria-label={`和值 ${view.sum ?? ''}`}>
        <span className={`ball ball-sum ${colorClass(view.color)}`}>{view.sum}</span>
      </span>
      {view.text && (
        <span className={`draw-text text-${view.color ?? 'plain'}`} data-testid="draw-text">
          {view.text}
        </span>
      )}
    </span>
  );
}
