import { sql } from "drizzle-orm";
import { blogPosts } from "../content/schema";
import type { Database } from "../db/database";

// The demo shop's blog: the three sample articles of the product's blog page, published with
// their text, so the blog, a post's page and the feed have something to show. Only into a blog
// without posts; a real shop starts with an empty one.

const posts = [
  {
    slug: "coffee-and-your-smile",
    title: "Coffee lover? How to keep your smile bright",
    excerpt:
      "You don't have to give up your morning flat white. Simple habits, like rinsing with water and using a straw for iced drinks, make a real difference to staining.",
    publishedAt: "2026-10-28T08:00:00Z",
    coverImageUrl: "/images/blog/coffee-and-your-smile.svg",
    coverImageAlt: "Illustration of a coffee cup next to a glass of water and a toothbrush",
    bodyHtml: [
      "<p>Coffee and tea are two of the most common causes of surface stains. The good news: a few small habits keep most of that colour off your teeth, without giving up your favourite cup.</p>",
      "<h2>Rinse after your cup</h2>",
      "<p>A quick swirl of water straight after coffee washes away much of the colour before it settles. It takes ten seconds and needs nothing but a glass.</p>",
      "<h2>Wait before you brush</h2>",
      "<p>Coffee is slightly acidic. Give your enamel about 30 minutes to settle before brushing, so you clean your teeth without scrubbing softened enamel.</p>",
      "<h2>Use a straw for iced drinks</h2>",
      "<p>Iced lattes and cold brew are easy to drink through a straw, which keeps most of the drink away from your front teeth.</p>",
      "<h2>Keep up the maintenance</h2>",
      "<ul><li><p>Brush twice a day with a whitening toothpaste.</p></li><li><p>Use the whitening pen for quick touch-ups after a coffee-heavy week.</p></li><li><p>See your dentist or hygienist for a regular clean.</p></li></ul>",
    ].join(""),
  },
  {
    slug: "whitening-myths",
    title: "Five teeth-whitening myths, checked with a dentist",
    excerpt:
      "Does whitening damage enamel? Is baking soda a good idea? We asked a dentist to separate the facts from the folklore.",
    publishedAt: "2026-10-09T08:00:00Z",
    coverImageUrl: "/images/blog/whitening-myths.svg",
    coverImageAlt: "Illustration of a tooth with a magnifying glass and a question mark",
    bodyHtml: [
      "<p>Whitening attracts plenty of folklore. We asked a dentist about the five claims we hear most often.</p>",
      "<h2>1. Whitening always damages enamel</h2>",
      "<p>Not when the product is made and used properly. Enamel-safe formulas lift stains without wearing the surface away. Follow the instructions and don't leave strips on for longer than they say.</p>",
      "<h2>2. Baking soda is a safe home whitener</h2>",
      "<p>Baking soda is abrasive. Scrubbing with it can remove some surface stain, but used often it can wear enamel and irritate gums.</p>",
      "<h2>3. Whiter teeth are healthier teeth</h2>",
      "<p>Shade and health are different things. Healthy teeth come in many shades; regular check-ups matter more than colour.</p>",
      "<h2>4. Results last for ever</h2>",
      "<p>Results can last up to 12 months with good oral care, but food and drink keep staining teeth. A whitening toothpaste and occasional touch-ups keep your shade for longer.</p>",
      "<h2>5. Sensitivity means it isn't working</h2>",
      "<p>Some people feel mild, short-lived sensitivity; it isn't a sign of anything. If your teeth are very sensitive, take a break and ask your dentist.</p>",
    ].join(""),
  },
  {
    slug: "make-results-last",
    title: "Making your whitening results last up to 12 months",
    excerpt:
      "Finished your 14-day treatment? Here's the routine that keeps your new shade for longer, from toothpaste choice to quick touch-ups.",
    publishedAt: "2026-09-17T08:00:00Z",
    coverImageUrl: "/images/blog/make-results-last.svg",
    coverImageAlt: "Illustration of a calendar with a sparkling tooth",
    bodyHtml: [
      "<p>You've finished the 14-day treatment and your smile is brighter. Here's how to keep it that way.</p>",
      "<h2>Choose a whitening toothpaste</h2>",
      "<p>A gentle whitening toothpaste lifts new surface stains before they build up. Brush for two minutes, twice a day.</p>",
      "<h2>Touch up little and often</h2>",
      "<p>A whitening pen is made for small touch-ups: a few minutes after a red-wine evening or a week of strong tea keeps your shade steady.</p>",
      "<h2>Repeat the treatment when you need to</h2>",
      "<p>Most people repeat a course of strips every six to twelve months. Wait at least a month between courses.</p>",
    ].join(""),
  },
];

/** Seeds the sample posts into a blog without any; returns how many it added. */
export async function seedDemoBlog(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(blogPosts);
  if ((row?.count ?? 0) > 0) return 0;
  await db
    .insert(blogPosts)
    .values(posts.map((post) => ({ ...post, publishedAt: new Date(post.publishedAt) })));
  return posts.length;
}
