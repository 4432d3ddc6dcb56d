/**
 * The query a screen of the route table is opened with in the product (spec §2), for the checks that
 * walk the whole table (broken replies, accessibility); the routes not listed here open bare.
 */
export const ROUTE_QUERY: Record<string, string> = {
  '/activityInfo': '?id=1',
  '/boutBallBetInfo': '?type=7',
  '/zhanzhuye': '?type=1',
  '/concise': '?type=obgdy',
  '/message': '?type=1',
  '/password': '?type=1',
  '/abouts': '?type=5',
  '/payInfo': '?deposit_no=D20261122000001',
};
