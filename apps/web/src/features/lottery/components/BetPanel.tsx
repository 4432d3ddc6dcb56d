import type { ChatMessage, Room } from '@app/contract/lottery';
import Popup from 'antd-mobile/es/components/popup';
import { useId, useState } from 'react';
import { useBetForm } from '../hooks/useBetForm';
import { BetFoot, BetPlays } from './BetPicker';
import { ConfirmSheet, HelpSheet } from './BetSheets';

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
  const form = useBetForm({ room, visible, roundOpen, onPlaced });
  const [help, setHelp] = useState(false);

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
          {form.groups.length === 0 ? (
            <p className="verify-note">暂无玩法</p>
          ) : (
            <BetPlays form={form} id={id} />
          )}
          <BetFoot form={form} id={id} />
        </div>
      </Popup>
      <HelpSheet room={room} visible={help} onClose={() => setHelp(false)} />
      <ConfirmSheet
        room={room}
        lines={form.confirmLines}
        onLines={form.setConfirmLines}
        onClose={form.closeConfirm}
        onPlaced={form.placed}
      />
    </>
  );
}
