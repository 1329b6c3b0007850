import { describe, expect, test } from 'vitest';
import { extractWebPage } from './web-page';

describe('extractWebPage', () => {
  test('keeps the main text with its headings and address, drops navigation, lists the links', () => {
    const filler = 'Our returns desk answers every question about parcels and refunds. '.repeat(8);
    const html = `<!doctype html><html><head><title>Returns | Shop</title></head><body>
      <nav><a href="/">Home</a> <a href="/about#team">About</a> <a href="mailto:x@y.z">Mail</a></nav>
      <article><h1>Returns</h1><p>${filler}</p><h2>Deadlines</h2><p>Return items within 30 days of delivery. ${filler}</p>
      <p>See <a href="https://other.example/terms">terms</a> and <a href="faq.html">FAQ</a>.</p></article>
      <footer>Copyright footer text</footer><script>var secret = 1;</script></body></html>`;
    const page = extractWebPage(html, 'https://shop.example/help/returns');
    expect(page.title).toContain('Returns');
    const deadlines = page.sections.find((section) => section.text.startsWith('Return items within 30 days'));
    expect(deadlines).toMatchObject({ headingPath: ['Deadlines'], url: 'https://shop.example/help/returns' });
    const text = page.sections.map((section) => section.text).join('\n');
    expect(text).not.toContain('secret');
    expect(text).not.toContain('Copyright footer');
    expect(page.links).toEqual([
      'https://shop.example/',
      'https://shop.example/about',
      'https://other.example/terms',
      'https://shop.example/help/faq.html',
    ]);
  });
});
