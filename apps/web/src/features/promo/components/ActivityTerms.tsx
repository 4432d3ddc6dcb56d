import type { ActivityDetail } from '@app/contract/promo';

/** 活动规则: the bonus rule in words (the server's `terms`), label / value rows; nothing when none. */
export function ActivityTerms({ terms }: { terms: ActivityDetail['terms'] }) {
  if (terms.length === 0) return null;
  return (
    <section className="promo-card" aria-labelledby="activity-terms-title">
      <h2 id="activity-terms-title">活动规则</h2>
      <dl className="promo-terms">
        {terms.map((t, i) => (
          <div key={`${i}-${t.label}`} className="promo-term">
            <dt>{t.label}</dt>
            <dd>{t.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
