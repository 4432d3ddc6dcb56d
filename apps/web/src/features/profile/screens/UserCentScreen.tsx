import { useEffect, useId, useState } from 'react';
import { useLogout } from '@/shared/session/api';
import { sessionActions, useSwitches, type UiSwitches } from '@/shared/session/store';
import { confirmDialog, preloadDialog } from '@/shared/ui/dialog';
import { Switch } from '@/shared/ui/Switch';
import { MSG_LOGOUT_CONFIRM } from '../rules';
import '../profile.css';

/** The three display switches of spec §2 (/userCent), in their order on screen. */
const SWITCHES: { name: keyof UiSwitches; label: string; hint: string }[] = [
  { name: 'showMessageTime', label: '消息时间显示', hint: '聊天消息旁显示发送时间' },
  { name: 'winPrompt', label: '中奖提示', hint: '注单中奖时弹出提示' },
  { name: 'quietMode', label: '静音模式', hint: '关闭提示音' },
];

function SwitchRow({ name, label, hint }: (typeof SWITCHES)[number]) {
  const on = useSwitches()[name];
  const id = useId();
  return (
    <label className="setting-row">
      <span className="setting-text">
        <span className="setting-label" id={`${id}-label`}>
          {label}
        </span>
        <span className="setting-hint" id={`${id}-hint`}>
          {hint}
        </span>
      </span>
      <Switch
        checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        onChange={(next) => sessionActions.setSwitch(name, next)}
      />
    </label>
  );
}

/** /userCent (login): the display switches, kept in this browser, and 退出登录 after a confirmation. */
export default function UserCentScreen() {
  const logout = useLogout();
  const [leaving, setLeaving] = useState(false);
  // The confirmation's code is on hand before the tap.
  useEffect(() => preloadDialog(), []);

  const onLogout = async () => {
    if (!(await confirmDialog(MSG_LOGOUT_CONFIRM))) return;
    setLeaving(true);
    await logout();
  };

  return (
    <div className="settings">
      <section className="settings-group" aria-label="显示设置">
        {SWITCHES.map((s) => (
          <SwitchRow key={s.name} {...s} />
        ))}
      </section>
      <button type="button" className="settings-logout" disabled={leaving} onClick={() => void onLogout()}>
        退出登录
      </button>
    </div>
  );
}
