import { useSearchParams } from 'react-router';
import { BlockEmpty } from '@/shared/ui/BlockStates';
import { SPONSORS } from '../sponsors';
import '../promo.css';

/** /zhanzhuye?type=1|2: one sponsorship page (static content). */
export default function ZhanzhuyeScreen() {
  const [params] = useSearchParams();
  const sponsor = SPONSORS.find((s) => String(s.type) === params.get('type'));
  if (!sponsor) return <BlockEmpty>页面不存在</BlockEmpty>;
  return (
    <article className="promo-screen">
      <h1 style={{ margin: 0, fontSize: 18 }}>{sponsor.title}</h1>
      <p className="promo-muted">{sponsor.summary}</p>
      {sponsor.body.map((p) => (
        <p key={p} style={{ margin: 0, lineHeight: 1.7 }}>
          {p}
        </p>
      ))}
    </article>
  );
}
