import { useLocation, useNavigate } from '@app/mobile/router';

/** The top bar: the screen's title, and a back arrow on screens below the tabs. */
export function Header({ title, back }: { title: string; back?: string }) {
  const navigate = useNavigate();
  const { key } = useLocation();
  // Opened directly (the first entry of the app): back goes to the parent screen, not out of the app.
  const goBack = () => (key === 'default' && back ? navigate(back, { replace: true }) : navigate(-1));
  return (
    <header className="app-header">
      {back && (
        <button type="button" className="header-back" aria-label="返回" onClick={goBack}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      )}
      <h1 className="app-title">{title}</h1>
    </header>
  );
}
