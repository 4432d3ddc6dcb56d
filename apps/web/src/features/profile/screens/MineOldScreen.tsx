import { MineView } from '../components/MineView';
import '../profile.css';

/** /mine_old (login): the earlier layout of the member's page, tiles as a list. */
export default function MineOldScreen() {
  return <MineView layout="list" />;
}
