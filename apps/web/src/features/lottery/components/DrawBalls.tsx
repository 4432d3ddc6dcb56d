import type { Draw, WaveColor } from '@app/contract/lottery-result';
import type { LotteryType } from '@app/contract/enums';
import { COLOR_NAMES } from '@app/contract/lottery-labels';
import { Fragment } from 'react';
import { drawView, type BallView } from '../rules';

const colorClass = (c: WaveColor | null) => (c ? `ball-${c}` : 'ball-plain');

/*
 * One row: every ball, '+' and '=' is a cell of the same height (the ball's), so they share one
 * centre line; a type 1 ball's label hangs below its cell and never moves the row. The digits sit in
 * `.ball` (masked by the screenshot suite), the type 2 label in `.draw-text`.
 */

function Op({ sign }: { sign: '+' | '=' }) {
  return (
    <span className="draw-op" aria-hidden="true">
      {sign}
    </span>
  );
}

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
 * A result. Type 1: six balls, then '+' and the special ball, each with its colour and 大小单双; type 2:
 * three balls joined by '+', '=' and their total in its colour, then its label (大单…).
 */
export function DrawBalls({ type, draw }: { type: LotteryType; draw: Draw }) {
  if (draw.cancelled) return <span className="draw-pending">已撤销</span>;
  const view = drawView(type, draw);
  if (view.balls.length === 0) return <span className="draw-pending">等待开奖</span>;
  if (type === 1) {
    return (
      <span className="draw-balls draw-type1" role="list" aria-label={`第${draw.expect}期开奖号码`}>
        {view.balls.map((b, i) => (
          <Ball key={i} ball={b} />
        ))}
        {view.special && (
          <>
            <Op sign="+" />
            <Ball ball={view.special} special />
          </>
        )}
      </span>
    );
  }
  return (
    <span className="draw-balls draw-type2" role="list" aria-label={`第${draw.expect}期开奖号码`}>
      {view.balls.map((b, i) => (
        <Fragment key={i}>
          {i > 0 && <Op sign="+" />}
          <span className="ball-cell" role="listitem">
            <span className="ball ball-plain">{b.number}</span>
          </span>
        </Fragment>
      ))}
      <Op sign="=" />
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
