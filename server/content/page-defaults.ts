import type { PageKey } from "../../common/content/pages";
import type { PageContent } from "./page-content";

// The pages' starting texts, the product's own words, shown until the owner saves a version and
// kept as the first entry of every page's history, so they can always be restored. Words in
// braces are filled in from the settings where the page is shown (common/content/pages.ts).

const home: PageContent<"home"> = {
  heroTitle: "A brighter smile, the gentle way",
  heroText:
    "Enamel-safe whitening strips, toothpaste and pens, recommended by dentists. See a visible difference in 3-5 days, with results that last up to 12 months.",
  announcements: [
    "Free shipping on orders over {freeShippingOver}",
    "Enamel-Safe Dentist Recommended Formula",
    "Get {firstOrderDiscount} off your first order",
  ],
};

const about: PageContent<"about"> = {
  title: "Brighter smiles, honestly made",
  lead: "Gentle whitening that works, without the clinic price tag.",
  storyHtml: [
    "<p>{shopName} began with a simple frustration. Our founder, Amira, spent years drinking strong coffee on early shifts as a dental nurse, and every whitening product she tried was either harsh on her teeth or did nothing at all.</p>",
    "<p>So she set out to make the product she wanted: gentle, enamel-safe whitening that works in days, is easy to use at home and is priced fairly. Working with dentists, she spent two years refining the formula behind our strips before we sold a single kit.</p>",
    "<p>Today we're a small team in the UK sending brighter smiles across the country, and we still read every message ourselves.</p>",
  ].join(""),
  values: [
    {
      title: "Customer Passion",
      text: "Every decision starts with the people who use our products. We listen, we answer, and we put it right when we get it wrong.",
    },
    {
      title: "Science-Backed",
      text: "Our formulas are developed with dental professionals and tested for safety, so what we claim is what you get.",
    },
    {
      title: "Quality Promise",
      text: "Enamel-safe ingredients, made to strict standards and backed by a 30-day money-back guarantee.",
    },
    {
      title: "Community-Focused",
      text: "We share honest oral-care advice for free and support local dental health charities across the UK.",
    },
  ],
};

const faq: PageContent<"faq"> = {
  title: "Frequently Asked Questions",
  questions: [
    {
      question: "How do I use the whitening strips?",
      answerHtml:
        "<p>Brush gently, dry your teeth, then press one strip on to your top teeth and one on to your bottom teeth. Remove them after 30 minutes. Repeat once a day for 14 days.</p>",
    },
    {
      question: "Can I use your products if I have sensitive teeth?",
      answerHtml:
        "<p>Our formulas are enamel-safe and gentle, and most people with mildly sensitive teeth use them comfortably. If your teeth are very sensitive, or you have crowns or veneers, ask your dentist before you start.</p>",
    },
    {
      question: "How long does delivery take?",
      answerHtml:
        "<p>We process orders in 1-2 business days. Standard delivery then takes 5-7 business days, expedited 2-3 and overnight 1. Standard shipping is free on orders over {freeShippingOver}.</p>",
    },
    {
      question: "What is your returns policy?",
      answerHtml:
        '<p>You can return any order within 30 days for a full refund, issued within 5-10 business days of receiving your return. See <a href="/shipping-returns">Shipping &amp; Returns</a> for the details.</p>',
    },
  ],
};

const shippingReturns: PageContent<"shipping-returns"> = {
  title: "Shipping & Returns",
  bodyHtml: [
    "<h2>Processing</h2>",
    "<p>We pack and dispatch orders within 1-2 business days of payment (Monday to Friday, excluding UK bank holidays). You'll receive an email with tracking details once your order is on its way.</p>",
    "<h2>Delivery options and times</h2>",
    "<ul><li><p><strong>Standard</strong>: 5-7 business days. Free on orders over {freeShippingOver} (after any discount); {flatShipping} otherwise.</p></li><li><p><strong>Expedited</strong>: 2-3 business days.</p></li><li><p><strong>Overnight</strong>: the next business day for orders dispatched before 2pm.</p></li></ul>",
    "<p>Delivery times start once your order has been dispatched. We deliver to the UK mainland, Northern Ireland and the Isle of Man, with UK VAT included in every price. We cannot deliver to Guernsey or Jersey, which are outside UK VAT, or to BFPO addresses.</p>",
    "<h2>Our 30-day money-back guarantee</h2>",
    "<p>If you're not happy with your purchase for any reason, tell us within 30 days of delivery and we'll refund you in full, including your original delivery charge. Please return any unused products in their original packaging; opened products are covered too.</p>",
    "<p>You also have the legal right to cancel your order within 14 days of delivery under the Consumer Contracts Regulations 2013. Our guarantee adds to those rights and doesn't replace them.</p>",
    "<h2>How to return an item</h2>",
    '<ul><li><p>Log in and open the order under Orders in your account. Under Returns, choose the items and a reason, and send the request. Or email us at <a href="mailto:{supportEmail}">{supportEmail}</a> with your order number.</p></li><li><p>We\'ll reply within 24 hours with your return reference, the returns address and instructions. Your order page shows where your return is at.</p></li><li><p>Post the items back with a tracked service and keep your proof of postage.</p></li></ul>',
    "<h2>Refunds</h2>",
    "<p>We issue refunds to your original payment method within 5-10 business days of receiving your return. Your bank may take a few more days to show the money in your account.</p>",
    "<h2>Damaged or missing items</h2>",
    "<p>If something arrives damaged or doesn't arrive at all, contact us and we'll send a replacement or refund you straight away, at no cost to you.</p>",
    "<h2>Questions</h2>",
    '<p>Our team is available {supportHours}. See our <a href="/faq">FAQ</a> or <a href="/contact">contact us</a>.</p>',
  ].join(""),
};

const termsOfService: PageContent<"terms-of-service"> = {
  title: "Terms of Service",
  bodyHtml: [
    "<p>These terms apply to every order you place with {shopName} through this website. Please read them before you order. By placing an order you agree to them. Nothing in these terms affects your statutory rights as a consumer.</p>",
    "<h2>1. About us</h2>",
    '<p>This shop is run by {shopName}, based in the United Kingdom. You can contact us at <a href="mailto:{supportEmail}">{supportEmail}</a> or through our <a href="/contact">contact page</a>.</p>',
    "<h2>2. Your account</h2>",
    "<p>You need an account to check out. Keep your password safe and tell us straight away if you think someone else has used your account. You must be 18 or over to buy whitening products.</p>",
    "<h2>3. Orders</h2>",
    "<p>Your order is an offer to buy. We accept it when we email you to confirm it. If we can't accept your order, for example because an item is out of stock, we'll tell you and you won't be charged.</p>",
    "<h2>4. Prices and payment</h2>",
    "<p>Prices are in pounds sterling (£) and include VAT at the current rate. Delivery charges are shown before you pay. We take payment by card when you place your order, through a secure payment provider; we never see or store your full card number. If a price on our site is clearly wrong, we'll contact you before dispatch and you can cancel at no cost.</p>",
    "<h2>5. Offers</h2>",
    "<p>The {firstOrderDiscount} first-order discount applies once per customer, to the first order paid from an account, and can't be exchanged for cash.</p>",
    "<h2>6. Delivery</h2>",
    '<p>Delivery options, times and charges are set out in our <a href="/shipping-returns">Shipping &amp; Returns policy</a>. The products are your responsibility once delivered to the address you gave us.</p>',
    "<h2>7. Cancellations, returns and refunds</h2>",
    '<p>You can cancel within 14 days of delivery under the Consumer Contracts Regulations 2013, and our 30-day money-back guarantee gives you longer. Refunds are made within 5-10 business days of receiving your return. Details are in our <a href="/shipping-returns">Shipping &amp; Returns policy</a>.</p>',
    "<h2>8. Using our products safely</h2>",
    "<p>Read the instructions before use. Our whitening products are for adults. If you have crowns, veneers, very sensitive teeth or any dental condition, ask your dentist first. Results vary from person to person.</p>",
    "<h2>9. Our responsibility to you</h2>",
    "<p>We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or failing to use reasonable care. We do not exclude liability where it would be unlawful to do so, including for death or personal injury caused by our negligence, or under the Consumer Rights Act 2015.</p>",
    "<h2>10. Governing law</h2>",
    "<p>These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland, you can also bring claims in your local courts.</p>",
  ].join(""),
};

const privacyPolicy: PageContent<"privacy-policy"> = {
  title: "Privacy Policy",
  bodyHtml: [
    "<p>{shopName} respects your privacy. This policy explains what personal data we collect when you use this website, why, and the rights you have under UK data protection law (UK GDPR and the Data Protection Act 2018). {shopName} is the controller of your personal data.</p>",
    "<h2>What we collect</h2>",
    "<ul>",
    "<li><p><strong>Account details</strong>: your name, email address and password (stored only as a secure hash).</p></li>",
    "<li><p><strong>Order details</strong>: what you bought, your delivery address, phone number and any notes you add.</p></li>",
    "<li><p><strong>Payment details</strong>: handled by our payment provider. We never see or store your full card number.</p></li>",
    "<li><p><strong>Messages</strong>: what you send us by email, phone or WhatsApp.</p></li>",
    "<li><p><strong>Technical data</strong>: a session cookie that keeps you signed in, and server logs (such as IP address and pages requested) kept for security.</p></li>",
    "</ul>",
    "<h2>Why we use it</h2>",
    "<ul><li><p>To take, deliver and support your orders (to perform our contract with you).</p></li><li><p>To keep your account and our shop secure (our legitimate interests).</p></li><li><p>To keep records the law requires, such as tax records (legal obligation).</p></li><li><p>To send our newsletter, only if you've asked for it (your consent).</p></li></ul>",
    "<h2>Who we share it with</h2>",
    "<p>We share only what's needed with the companies that help us run the shop: our payment provider, our delivery partners, our email service and our hosting provider. We never sell your data.</p>",
    "<h2>Cookies</h2>",
    "<p>We use only the cookies the shop needs to work, such as the one that keeps you signed in. We don't use advertising or tracking cookies. Your cart is kept in your own browser's storage.</p>",
    "<h2>How long we keep it</h2>",
    "<p>We keep order records for six years to meet UK tax rules. If you delete your account, or ask us to erase your data, we remove your personal details from your account and orders. The VAT invoices and credit notes we issued you keep the name and delivery address they were issued to for six years, because VAT law requires us to keep them as issued (our legal obligation). An order we have been paid for but not yet sent keeps your account until it is on its way.</p>",
    "<h2>Your rights</h2>",
    "<p>You can ask to see, correct or delete your data, object to or restrict how we use it, or take a copy with you. Email <a href=\"mailto:{supportEmail}\">{supportEmail}</a> and we'll reply within one month. If you're unhappy with how we've handled your data, you can complain to the Information Commissioner's Office (ico.org.uk).</p>",
  ].join(""),
};

export const pageDefaults: { [K in PageKey]: PageContent<K> } = {
  home,
  about,
  faq,
  "shipping-returns": shippingReturns,
  "terms-of-service": termsOfService,
  "privacy-policy": privacyPolicy,
};
