/** The sponsorship pages of /zhanzhu and /zhanzhuye (static content). */
export const SPONSORS = [
  {
    type: 1,
    title: '欧洲足球俱乐部官方合作伙伴',
    summary: '携手顶级俱乐部，共享足球激情',
    body: [
      '平台成为欧洲顶级足球俱乐部的官方区域合作伙伴，合作期间将在赛场广告、官方社交媒体与球迷活动中展示品牌。',
      '会员可参与合作期间的专属竞猜与球迷福利活动，具体活动以优惠活动页面为准。',
    ],
  },
  {
    type: 2,
    title: '国际电竞赛事官方赞助商',
    summary: '助力电竞，见证冠军诞生',
    body: [
      '平台赞助多项国际电竞赛事，为选手与观众带来更精彩的比赛体验。',
      '赛事期间，会员可在电竞场馆参与赛事竞猜并领取赞助专属礼包。',
    ],
  },
] as const;
