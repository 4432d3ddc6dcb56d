import type { ReactNode } from 'react';
import { useBack } from '@/shared/navigation/useGo';
import { useAppInfo } from '@/shared/session/store';
import { BackIcon } from '@/shared/ui/icons';
import '../auth.css';

/** The frame of the sign-in screens: back arrow, site name, heading, the form. */
export function AuthFrame({ heading, children }: { heading: string; children: ReactNode }) {
  const back = useBack();
  const title = useAppInfo()?.title || '娱乐城';
  return (
    <div className="auth-screen">
      <div className="auth-top">
        <button type="button" className="icon-button" aria-label="返回" onClick={back}>
          <BackIcon />
        </button>
        <span className="auth-site">{title}</span>
      </div>
      <h1 className="auth-heading">{heading}</h1>
      {children}
    </div>
  );
}
