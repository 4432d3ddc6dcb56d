import { MSG_ROUND_CLOSED, type ChatMessage, type Room } from '@app/contract/lottery';
import type { Draw } from '@app/contract/lottery-result';
import type { LotteryType } from '@app/contract/enums';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { MSG_NETWORK } from '@/shared/api/client';
import { useBackCloses } from '@/shared/navigation/useBackCloses';
import { useSession } from '@/shared/session/store';
import { BalanceText } from '@/shared/ui/BalanceText';
import { RefreshBalanceButton } from '@/shared/ui/RefreshBalanceButton';
import { Tabs } from '@/shared/ui/Tabs';
import { showToast } from '@/shared/ui/toast';
import type { ChatLog } from '../chat-log';
import type { RoundClock } from '../round';
import {
  belowRoomLevel,
  chatFrame,
  countdownText,
  MSG_NOT_CONNECTED,
  ROUND_LABELS,
  roomLevelNotice,
  type ChatFrame,
  type InputMode,
} from '../rules';
import type { SocketStatus } from '../socket';
import { useRoomChat } from '../hooks/useRoomChat';
import { ChatList } from './ChatList';
import { DrawBalls } from './DrawBalls';
import { LotteryTopBar } from './LotteryTopBar';
import { RoundHash } from './RoundHash';

const loadBetPanel = () => import('./BetPanel');
const BetPanel = lazy(loadBetPanel);
const VerifyPopup = lazy(() => import('./VerifyPopup'));
/** The session's time and net result (责任博彩), loaded after the room's own code. */
const SessionStrip = lazy(() => import('@/shared/ui/SessionStrip'));

const SOCKET_STATE_LABELS: Record<SocketStatus, string> = {
  connecting: '连接中…',
  reconnecting: '连接已断开，重连中…',
  open: '',
  closed: '连接已断开',
};

/** The open round: its number, the countdown and the state of spec §4; the member's balance. */
function RoundBar({ room, clock }: { room: Room; clock: RoundClock }) {
  return (
    <section className="round-bar" aria-label="本期">
      <div className="round-main">
        <span className="round-expect">第{room.now.openExpect || '--'}期</span>
        <span className={`round-state round-${clock.state}`} data-testid="round-state">
          {ROUND_LABELS[clock.state]}
        </span>
        <span className="round-countdown" data-testid="round-countdown" aria-label="距离开奖">
          {countdownText(clock.left)}
        </span>
      </div>
      <RoundHash expect={room.now.openExpect} hash={room.now.openHash} />
      <div className="round-balance">
        <span className="round-balance-label">余额</span>
        <BalanceText className="round-balance-value" testId="lottery-balance" />
        <RefreshBalanceButton />
      </div>
    </section>
  );
}

/** Past draws (expect, opentime2, extend labels), each with 验证. */
function HistoryList({
  type,
  history,
  onVerify,
}: {
  type: LotteryType;
  history: Draw[];
  onVerify: (draw: Draw) => void;
}) {
  if (history.length === 0) return <p className="history-empty">暂无开奖记录</p>;
  return (
    <ol className="history-list" aria-label="往期开奖">
      {history.map((d) => (
        <li key={d.expect} className="history-row">
          <div className="history-head">
            <span className="history-expect">第{d.expect}期</span>
            <span className="history-time">{d.openTimeText}</span>
            <button type="button" className="link-button" onClick={() => onVerify(d)}>
              验证
            </button>
          </div>
          <DrawBalls type={type} draw={d} />
        </li>
      ))}
    </ol>
  );
}

/** The last result and the toggle of past draws. */
function Results({ room, onVerify }: { room: Room; onVerify: (draw: Draw) => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const last = room.now.last;
  return (
    <section className="results" aria-label="开奖结果">
      <div className="results-last">
        <span className="results-expect" data-testid="last-expect">
          第{room.now.lastExpect || last?.expect || '--'}期
        </span>
        {last ? (
          <DrawBalls type={room.lotteryType} draw={last} />
        ) : (
          <span className="draw-pending">等待开奖</span>
        )}
        <button
          type="button"
          className="results-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? '收起' : '往期'}
        </button>
      </div>
      {open && (
        <div id={id} className="results-history">
          <HistoryList type={room.lotteryType} history={room.history} onVerify={onVerify} />
        </div>
      )}
    </section>
  );
}

const COMPOSER_MODES: { value: InputMode; label: string }[] = [
  { value: 'bet', label: '下注' },
  { value: 'chat', label: '聊天' },
];

/**
 * The composer's mode and text; 发送 refuses a bet while the round is closed, then a bad frame. A room
 * above the member's VIP level (`barred`: its notice) takes nothing from them.
 */
function useComposer(
  type: LotteryType,
  roundOpen: boolean,
  barred: string | null,
  send: (frame: ChatFrame) => boolean,
) {
  const [mode, setMode] = useState<InputMode>(type === 2 ? 'bet' : 'chat');
  const [text, setText] = useState('');
  const locked = barred !== null || (mode === 'bet' && !roundOpen);
  const submit = () => {
    if (locked) {
      showToast(barred ?? MSG_ROUND_CLOSED, 'fail');
      return;
    }
    const made = chatFrame(text, mode);
    if (!made.ok) {
      showToast(made.message, 'fail');
      return;
    }
    if (!send(made.frame)) {
      // Kept in the box: nothing was sent, and nothing will go out later by itself.
      showToast(navigator.onLine === false ? MSG_NETWORK : MSG_NOT_CONNECTED, 'fail');
      return;
    }
    setText('');
  };
  return { mode, setMode, text, setText, locked, submit };
}

/**
 * The footer. Type 2: the command input with its 下注 / 聊天 toggle (rules.ts, InputMode), 发送 and 玩法.
 * Type 1: a chat input and 投注. A bet command cannot be typed while the round is closed.
 */
function Composer({
  type,
  roundOpen,
  barred,
  status,
  send,
  openPanel,
}: {
  type: LotteryType;
  roundOpen: boolean;
  /** The room's notice when it is above the member's VIP level, else null. */
  barred: string | null;
  status: SocketStatus;
  send: (frame: ChatFrame) => boolean;
  openPanel: () => void;
}) {
  const { mode, setMode, text, setText, locked, submit } = useComposer(type, roundOpen, barred, send);
  const placeholder = barred
    ? '仅限VIP会员发言'
    : locked
      ? MSG_ROUND_CLOSED
      : mode === 'bet'
        ? '下注如：大10 单20' // whole at 360 px (a longer hint was cut to 如：)
        : '说点什么…';
  return (
    <form
      className="composer"
      aria-label="发言"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {type === 2 && (
        <Tabs
          role="radiogroup"
          className="composer-mode"
          tabClassName="composer-mode-item"
          markActive
          label="发言类型"
          items={COMPOSER_MODES}
          value={mode}
          onChange={setMode}
        />
      )}
      <input
        className="composer-input"
        aria-label={mode === 'bet' ? '下注指令' : '聊天内容'}
        placeholder={placeholder}
        maxLength={200}
        enterKeyHint="send"
        disabled={locked}
        value={locked ? '' : text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="composer-send" disabled={locked || status !== 'open'}>
        发送
      </button>
      <button
        type="button"
        className="composer-panel"
        disabled={!roundOpen || barred !== null}
        onPointerEnter={() => void loadBetPanel()}
        onClick={openPanel}
      >
        {type === 2 ? '玩法' : '投注'}
      </button>
    </form>
  );
}

/** The panel belongs to the round it was opened in: it closes when betting closes (spec §4). */
function useBetPanelFor(room: Room, roundOpen: boolean, log: ChatLog, status: SocketStatus) {
  const [panelFor, setPanelFor] = useState<string | null>(null);
  const [panelLoaded, setPanelLoaded] = useState(false);
  const panelVisible = roundOpen && panelFor === room.now.openExpect;
  const openPanel = useCallback(() => {
    if (!roundOpen) {
      showToast(MSG_ROUND_CLOSED, 'fail');
      return;
    }
    setPanelLoaded(true);
    setPanelFor(room.now.openExpect);
  }, [roundOpen, room.now.openExpect]);
  const closePanel = useCallback(() => setPanelFor(null), []);
  useBackCloses(panelVisible, closePanel); // the phone's back closes the sheet, the room stays
  const onPlaced = useCallback(
    (message: ChatMessage | null) => {
      setPanelFor(null);
      // Connected, the room hears of the order from the server; otherwise show it here.
      if (message && status !== 'open') log.append([message]);
    },
    [log, status],
  );
  return { panelLoaded, panelVisible, openPanel, closePanel, onPlaced };
}

/** A room above the member's VIP level: said once, above the composer it disables. */
function RoomLevelNotice({ text }: { text: string }) {
  return (
    <p className="room-vip-notice" role="note" data-testid="room-vip-notice">
      <span className="room-vip-badge" aria-hidden="true">
        VIP
      </span>
      {text}
    </p>
  );
}

/** The room's notice when it is above the member's VIP level (watch only), else null. */
function useRoomBar(room: Room): string | null {
  const level = useSession((s) => s.user?.vipLevel);
  return belowRoomLevel(room.minVipLevel, level) ? roomLevelNotice(room.minVipLevel, level ?? 0) : null;
}

/** A room (spec §2 /lottery?room_id=): the round, results, chat and betting. */
export function RoomView({
  room,
  roomId,
  clock,
  onRoundOver,
  onBack,
}: {
  room: Room;
  roomId: number;
  clock: RoundClock;
  /** The socket said the open round is over (drawn, or the next one opened). */
  onRoundOver: () => void;
  onBack: () => void;
}) {
  const { log, myId, socket, showTime } = useRoomChat(room, roomId, onRoundOver);
  const barred = useRoomBar(room);
  const roundOpen = clock.state === 'open';
  const { panelLoaded, panelVisible, openPanel, closePanel, onPlaced } = useBetPanelFor(
    room,
    roundOpen,
    log,
    socket.status,
  );

  const [verifying, setVerifying] = useState<Draw | null>(null);
  const [verifyLoaded, setVerifyLoaded] = useState(false);

  return (
    <div className="lottery-room">
      <LotteryTopBar
        title={room.lotteryTitle || '彩票'}
        subtitle={room.roomTitle}
        onBack={onBack}
        extra={
          socket.status === 'open' ? null : (
            <span className="socket-state" role="status">
              {SOCKET_STATE_LABELS[socket.status]}
            </span>
          )
        }
      />
      <RoundBar room={room} clock={clock} />
      <Suspense fallback={null}>{<SessionStrip />}</Suspense>
      <Results
        room={room}
        onVerify={(d) => {
          setVerifyLoaded(true);
          setVerifying(d);
        }}
      />
      <ChatList log={log} myId={myId} showTime={showTime} />
      {barred && <RoomLevelNotice text={barred} />}
      <Composer
        type={room.lotteryType}
        roundOpen={roundOpen}
        barred={barred}
        status={socket.status}
        send={socket.send}
        openPanel={openPanel}
      />
      {panelLoaded && (
        <Suspense fallback={null}>
          <BetPanel
            room={room}
            visible={panelVisible}
            roundOpen={roundOpen}
            onClose={closePanel}
            onPlaced={onPlaced}
          />
        </Suspense>
      )}
      {verifyLoaded && (
        <Suspense fallback={null}>
          <VerifyPopup type={room.lotteryType} draw={verifying} onClose={() => setVerifying(null)} />
        </Suspense>
      )}
    </div>
  );
}
