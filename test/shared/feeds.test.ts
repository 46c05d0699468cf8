import { describe, expect, it } from 'vitest';
import { areaFeedPath, feedRadiusForView, maxFeedRadiusMeters, requestFeedPath } from '../../src/shared/feeds';

describe('feed addresses', () => {
  it('round the point to about a metre, so the same view gives the same feed', () => {
    expect(areaFeedPath({ lat: 60.169912345, long: 24.938401, radius: 999.6 })).toBe('/feeds/area.atom?lat=60.16991&long=24.9384&radius=1000');
    expect(requestFeedPath('a/b c')).toBe('/feeds/requests/a%2Fb%20c.atom');
  });

  it("fit the radius to the map's zoom, from 100 m up to the feed's largest", () => {
    expect(feedRadiusForView({ lat: 60.17, zoom: 16 })).toBe(500);
    expect(feedRadiusForView({ lat: 60.17, zoom: 19 })).toBe(100);
    expect(feedRadiusForView({ lat: 60.17, zoom: 10 })).toBe(maxFeedRadiusMeters);
  });
});
