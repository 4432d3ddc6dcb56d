import { MineView } from '../components/MineView';
import '../profile.css';

/** /mine (login): the member's page, tiles in a grid. */
export default function MineScreen() {
  return <MineView layout="grid" />;
}
