import { useState } from 'react';
import { useAppInfo } from '@/shared/session/store';
import { SafeHtml } from '@/shared/ui/SafeHtml';
import { opensWithHeading, setFlag, shouldShowWelcome, WELCOME_SEEN_KEY } from '../rules';
import { Modal } from './Modal';

/**
 * The welcome modal (appInfo.index_modal, sanitised HTML), once per session. Its title is not shown
 * twice: HTML that opens with its own heading is the whole card (walk-through 2026-11-27).
 */
export function WelcomeModal() {
  const info = useAppInfo();
  const decide = () => (info ? shouldShowWelcome(info.welcomeModal, sessionStorage) : null);
  // Decided once, when the site info is known (it may arrive after the first render).
  const [show, setShow] = useState<boolean | null>(decide);
  if (show === null && info) setShow(decide());
  if (!show || !info) return null;
  const close = () => {
    setFlag(sessionStorage, WELCOME_SEEN_KEY);
    setShow(false);
  };
  return (
    <Modal
      title={info.title ? `欢迎来到${info.title}` : '欢迎'}
      titleShown={!opensWithHeading(info.welcomeModal)}
      onClose={close}
    >
      <SafeHtml html={info.welcomeModal} className="home-html" label="欢迎信息" />
    </Modal>
  );
}
