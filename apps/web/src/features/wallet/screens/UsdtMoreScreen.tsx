import '../wallet.css';

const ROWS = [
  ['网络', '波场 TRON', '以太坊 Ethereum'],
  ['地址格式', 'T 开头，34 位', '0x 开头，42 位'],
  ['手续费', '较低', '较高'],
  ['到账速度', '快（约 1–3 分钟）', '视网络拥堵而定'],
] as const;

/** /usdtmore: what TRC20 and ERC20 are, and why the address must match the protocol. */
export default function UsdtMoreScreen() {
  return (
    <div className="wallet-screen">
      <section className="wallet-card" aria-label="USDT协议说明">
        <h2 className="wallet-card-title">TRC20 与 ERC20 的区别</h2>
        <p>
          USDT 可以在不同的区块链网络上流通。TRC20 是波场（TRON）网络上的 USDT，ERC20
          是以太坊（Ethereum）网络上的 USDT。两者都是 USDT，但不能混用：向 TRC20 地址转入 ERC20 的
          USDT（或相反）将无法到账。
        </p>
        <table className="wallet-compare">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">项目</span>
              </th>
              <th scope="col">TRC20</th>
              <th scope="col">ERC20</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([name, trc, erc]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{trc}</td>
                <td>{erc}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="wallet-muted">
          绑定地址与存取款时，请确认所选协议与钱包地址一致。推荐使用手续费更低的 TRC20。
        </p>
      </section>
    </div>
  );
}
