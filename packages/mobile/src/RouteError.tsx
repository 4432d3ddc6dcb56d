/**
 * A screen failed (its code did not load after a deploy, or it threw): say so and offer a reload. What
 * ErrorBoundary shows, in both apps; each app's stylesheet styles .route-error and .primary-button.
 */
export function RouteError() {
  return (
    <div className="route-error" role="alert">
      <p>页面加载失败，请检查网络后重试</p>
      <button type="button" className="primary-button" onClick={() => window.location.reload()}>
        重新加载
      </button>
    </div>
  );
}
