// A band's Spotify address → the artist whose player the cards embed: only a real artist id on
// open.spotify.com opens a player; anything else keeps the plain link.
import { spotifyArtistId, spotifyEmbedUrl } from '../common/concerts/spotify';

const ID = '4Z8W4fKeB5YxbusRsdQVPb';

describe('spotifyArtistId', () => {
  it.each([
    [`https://open.spotify.com/artist/${ID}`],
    [`https://open.spotify.com/artist/${ID}/`],
    [`https://open.spotify.com/artist/${ID}?si=abc123`],
    [`https://open.spotify.com/artist/${ID}#top`],
    [`https://open.spotify.com/intl-es/artist/${ID}`],
    [`https://open.spotify.com/intl-pt-br/artist/${ID}?si=x`],
    [`https://open.spotify.com:443/artist/${ID}`],
    [`https://OPEN.SPOTIFY.COM/artist/${ID}`],
  ])('reads the id of %s', (address) => {
    expect(spotifyArtistId(address)).toBe(ID);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['no es una url'],
    ['https://open.spotify.com/artist/123'],
    ['https://open.spotify.com/artist/e2e'],
    [`https://open.spotify.com/artist/${ID}x`],
    [`https://open.spotify.com/artist/${ID.slice(1)}`],
    [`https://open.spotify.com/artist/${ID.slice(1)}-`],
    [`https://open.spotify.com/artist/${ID.slice(1)}%41`],
    [`https://open.spotify.com/album/${ID}`],
    [`https://open.spotify.com/track/${ID}`],
    [`https://open.spotify.com/embed/artist/${ID}`],
    [`https://open.spotify.com/artist/${ID}/discography`],
    [`https://open.spotify.com/Artist/${ID}`],
    [`http://open.spotify.com/artist/${ID}`],
    [`https://open.spotify.com:8443/artist/${ID}`],
    [`https://user:pass@open.spotify.com/artist/${ID}`],
    [`https://spotify.com/artist/${ID}`],
    [`https://play.spotify.com/artist/${ID}`],
    [`https://open.spotify.com.example.org/artist/${ID}`],
    [`https://example.org/artist/${ID}?next=https://open.spotify.com/artist/${ID}`],
    [`spotify:artist:${ID}`],
    [`javascript:alert(1)//open.spotify.com/artist/${ID}`],
  ])('finds no artist in %s', (address) => {
    expect(spotifyArtistId(address)).toBeNull();
  });
});

describe('spotifyEmbedUrl', () => {
  it("is the artist's player on open.spotify.com", () => {
    expect(spotifyEmbedUrl(ID)).toBe(
      `https://open.spotify.com/embed/artist/${ID}?utm_source=generator`,
    );
  });
});
