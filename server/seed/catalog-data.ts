// The demo catalogue (docs/architecture.md#data): ids and prices as docs/product.md has them, copy in the brand's voice.
// Timestamps are fixed so the order (newest first) is the same on every machine.

type SeedVariant = {
  id: string;
  name: string;
  pricePence: number;
  compareAtPricePence?: number;
  stockQuantity: number;
  /** Its value of the product's option, when the product has one. */
  optionValue?: string;
  sku: string;
  grams: number;
};

export type SeedCategory = {
  id: string;
  slug: string;
  name: string;
  description: string;
  position: number;
};

/** The demo's categories, in the order of the store's filter chips. */
export const seedCategories: SeedCategory[] = [
  {
    id: "cat-strips",
    slug: "whitening-strips",
    name: "Whitening Strips",
    description:
      "Enamel-safe strips that lift coffee, tea and red-wine stains in 30 minutes a day, with visible results in 3-5 days.",
    position: 1,
  },
  {
    id: "cat-toothpaste",
    slug: "toothpaste",
    name: "Toothpaste",
    description:
      "Daily whitening toothpaste that polishes away new stains and keeps your smile bright between treatments.",
    position: 2,
  },
  {
    id: "cat-pens",
    slug: "pens",
    name: "Pens",
    description: "Precise whitening pens for touch-ups on the go: paint on, wait a minute, smile.",
    position: 3,
  },
  {
    id: "cat-bundles",
    slug: "bundles",
    name: "Bundles",
    description:
      "Strips, toothpaste and pen together for less: everything a brighter smile needs in one box.",
    position: 4,
  },
];

export type SeedProduct = {
  id: string;
  /** A category's id in the same seed, or none. */
  categoryId?: string;
  /** The "featured" sort: higher first. */
  featuredRank?: number;
  slug: string;
  name: string;
  descriptionHtml: string;
  imageUrl: string;
  imageAlt: string;
  createdAt: Date;
  /** The option the variants are chosen by, when there is a choice. */
  optionName?: string;
  variants: SeedVariant[];
};

export const seedProducts: SeedProduct[] = [
  {
    id: "prod2",
    categoryId: "cat-toothpaste",
    featuredRank: 10,
    slug: "whitening-toothpaste",
    name: "Whitening Toothpaste",
    imageUrl: "/images/products/whitening-toothpaste.svg",
    imageAlt: "A white and teal tube of Gleam Whitening Toothpaste on a mint background",
    createdAt: new Date("2026-01-12T09:00:00Z"),
    descriptionHtml: `
<p>An everyday fluoride toothpaste that polishes away new surface stains while it cleans. Use it on its own, or between whitening treatments to keep your result bright.</p>
<h3>Why you'll love it</h3>
<ul>
  <li>Enamel-safe, low-abrasion formula with 1450 ppm fluoride</li>
  <li>Lifts everyday coffee and tea stains</li>
  <li>Fresh mint flavour that isn't harsh</li>
  <li>Dentist recommended for daily use</li>
</ul>
<p><strong>How to use:</strong> brush twice a day for two minutes. Spit, don't rinse, so the fluoride keeps working.</p>
<p>75 ml tube. Not suitable for children under 7.</p>`,
    optionName: "Size",
    variants: [
      {
        id: "prod2-75ml",
        name: "75 ml",
        optionValue: "75 ml",
        sku: "GLM-TP-75",
        grams: 110,
        pricePence: 1499,
        stockQuantity: 200,
      },
      {
        id: "prod2-3x75ml",
        name: "3 x 75 ml",
        optionValue: "3 x 75 ml",
        sku: "GLM-TP-3X75",
        grams: 330,
        pricePence: 3999,
        stockQuantity: 60,
      },
    ],
  },
  {
    id: "prod3",
    categoryId: "cat-pens",
    featuredRank: 20,
    slug: "whitening-pen",
    name: "Whitening Pen",
    imageUrl: "/images/products/whitening-pen.svg",
    imageAlt: "A slim teal Gleam Whitening Pen with a click-up brush tip on a mint background",
    createdAt: new Date("2026-02-16T09:00:00Z"),
    descriptionHtml: `
<p>Precise touch-ups wherever you are. Twist the pen, paint the gel on to dry teeth with the soft brush tip, and let it work for 30 seconds before you close your lips.</p>
<h3>Why you'll love it</h3>
<ul>
  <li>Enamel-safe, dentist-recommended gel</li>
  <li>Visible results in 7 days of twice-daily use</li>
  <li>Small enough for a pocket or a make-up bag</li>
  <li>About 60 applications in each pen</li>
</ul>
<p><strong>How to use:</strong> brush, dry your teeth with a tissue, apply a thin layer and avoid eating or drinking for 30 minutes.</p>
<p>Not suitable for under-18s. If you have crowns, veneers or sensitive teeth, ask your dentist first.</p>`,
    optionName: "Pack",
    variants: [
      {
        id: "prod3-single",
        name: "Single Pen",
        optionValue: "Single Pen",
        sku: "GLM-PEN-1",
        grams: 30,
        pricePence: 2499,
        stockQuantity: 80,
      },
      {
        id: "prod3-twin",
        name: "Twin Pack",
        optionValue: "Twin Pack",
        sku: "GLM-PEN-2",
        grams: 60,
        pricePence: 4499,
        compareAtPricePence: 4998,
        // Low on purpose: the demo shows 'N in stock!' and the shop's stock limits on one product.
        stockQuantity: 6,
      },
    ],
  },
  {
    id: "prod4",
    categoryId: "cat-bundles",
    featuredRank: 30,
    slug: "complete-smile-bundle",
    name: "Complete Smile Bundle",
    imageUrl: "/images/products/complete-smile-bundle.svg",
    imageAlt:
      "The Gleam Complete Smile Bundle: a strips kit, a toothpaste tube and a whitening pen together",
    createdAt: new Date("2026-03-02T09:00:00Z"),
    descriptionHtml: `
<p>Everything for a brighter smile in one box: a full 14-day course of Whitening Strips, a Whitening Pen for touch-ups on the go, and Whitening Toothpaste to keep the result day after day.</p>
<h3>In the box</h3>
<ul>
  <li>1 Whitening Strips kit (28 strips, a 14-day treatment)</li>
  <li>1 Whitening Pen</li>
  <li>1 Whitening Toothpaste, 75 ml</li>
</ul>
<p>Enamel-safe, dentist-recommended formulas throughout. Results in 3-5 days that last up to 12 months with good oral care.</p>`,
    variants: [
      {
        id: "prod4-default",
        name: "Default",
        sku: "GLM-BUNDLE",
        grams: 480,
        pricePence: 6499,
        stockQuantity: 35,
      },
    ],
  },
  {
    id: "prod1",
    categoryId: "cat-strips",
    featuredRank: 40,
    slug: "whitening-strips",
    name: "Whitening Strips",
    imageUrl: "/images/products/whitening-strips.svg",
    imageAlt: "A Gleam Whitening Strips kit box with two strip sachets on a mint background",
    createdAt: new Date("2026-04-06T09:00:00Z"),
    descriptionHtml: `
<p>Our best-selling enamel-safe whitening strips lift years of coffee, tea and red-wine stains without the sting. Each kit is a complete 14-day treatment: one strip on your top teeth and one on the bottom, 30 minutes a day.</p>
<h3>What's in the kit</h3>
<ul>
  <li>28 no-slip strips (14 upper, 14 lower)</li>
  <li>A shade guide to track your progress</li>
  <li>Step-by-step instructions</li>
</ul>
<h3>Why you'll love them</h3>
<ul>
  <li>Enamel-safe, dentist-recommended formula</li>
  <li>Visible results in 3-5 days</li>
  <li>Results that last up to 12 months with good oral care</li>
</ul>
<p><strong>How to use:</strong> brush gently, dry your teeth, press the strips on firmly and remove them after 30 minutes. Do not use for more than 14 days in a row.</p>
<p>Not suitable for under-18s. If you have crowns, veneers or sensitive teeth, ask your dentist first.</p>`,
    optionName: "Kit",
    variants: [
      {
        id: "prod1-single",
        name: "Single Kit",
        optionValue: "Single Kit",
        sku: "GLM-STRIPS-1",
        grams: 90,
        pricePence: 3999,
        stockQuantity: 120,
      },
      {
        id: "prod1-two-kit",
        name: "Two-Kit Bundle",
        optionValue: "Two-Kit Bundle",
        sku: "GLM-STRIPS-2",
        grams: 180,
        pricePence: 7998,
        stockQuantity: 40,
      },
    ],
  },
];
