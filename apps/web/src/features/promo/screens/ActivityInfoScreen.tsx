import { MSG_NO_APPLICATION } from '@app/contract/promo';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from '@app/mobile/router';
import { assetUrl, errorMessage } from '@/shared/api/client';
import { useSubmission } from '@/shared/api/intent';
import { loginPath } from '@/shared/navigation/redirect';
import { useIsLoggedIn } from '@/shared/session/store';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { showToast } from '@/shared/ui/toast';
import { promoQueries, useApplyActivity } from '../api';
import { ActivityTerms } from '../components/ActivityTerms';
import { SafeHtml } from '@/shared/ui/SafeHtml';
import { TitleBar } from '@/shared/ui/TitleBar';
import { MSG_APPLY_OK } from '../rules';
import '../promo.css';

function Apply({ id }: { id: number }) {
  const loggedIn = useIsLoggedIn();
  const { pathname, search } = useLocation();
  const apply = useApplyActivity();
  const submission = useSubmission();
  if (!loggedIn) {
    return (
      <Link
        className="promo-button"
        style={{ textAlign: 'center', textDecoration: 'none' }}
        to={loginPath(pathname + search)}
      >
        去登录
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="promo-button"
      disabled={apply.isPending}
      aria-busy={apply.isPending}
      onClick={() => {
        // A second tap while this one runs sends nothing (issue 30: it answered 您已提交申请).
        const intentKey = submission.start({ activityid: id });
        if (intentKey === null) return;
        apply.mutate(
          { activityid: id, intentKey },
          {
            onSuccess: ({ message }) => {
              submission.succeeded();
              showToast(message || MSG_APPLY_OK, 'success');
            },
            onError: (e) => {
              submission.failed(e);
              showToast(errorMessage(e), 'fail');
            },
          },
        );
      }}
    >
      立即申请
    </button>
  );
}

function Detail({ id }: { id: number }) {
  const query = useQuery(promoQueries.activity(id));
  if (query.isPending) return <BlockLoading height={200} />;
  if (query.isError) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  const a = query.data;
  return (
    <>
      {a.banner && <img className="promo-banner" src={assetUrl(a.banner)} alt="" />}
      <h2 style={{ margin: 0, fontSize: 17 }}>{a.title}</h2>
      <section className="promo-card">
        <SafeHtml html={a.content} className="promo-html" label="活动内容" />
      </section>
      <ActivityTerms terms={a.terms} />
      {a.memo && <p className="promo-muted">{a.memo}</p>}
      {a.applicable !== false ? (
        <Apply id={a.id} />
      ) : (
        <p className="promo-muted" role="note" data-testid="no-application">
          {MSG_NO_APPLICATION}
        </p>
      )}
    </>
  );
}

/**
 * /activityInfo?id=: banner, title, sanitised content, 活动规则 (when the server sends terms), memo;
 * 立即申请 when logged in, else 去登录; an activity paid without an application says so instead.
 */
export default function ActivityInfoScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <>
      <TitleBar title="活动详情" standalone />
      <div className="promo-screen">
        {Number.isInteger(id) && id > 0 ? <Detail id={id} /> : <BlockEmpty>活动不存在</BlockEmpty>}
      </div>
    </>
  );
}
