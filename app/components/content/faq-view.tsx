import type { FaqContent } from "@common/content/pages";
import { fillHtml, fillText, type PagePlaceholders } from "@common/content/placeholders";
import { Accordion } from "~/components/ui/accordion";
import { ShopLink } from "~/components/ui/shop-link";
import { PageHeader } from "./page-header";
import { ShopHtml } from "./shop-html";

// The FAQ as the owner wrote it (docs/admin.md#pages), in the single-open accordion, on the
// storefront and in the admin's preview.

export function FaqView({ content, values }: { content: FaqContent; values: PagePlaceholders }) {
  const items = content.questions.map((entry, index) => ({
    id: `question-${index + 1}`,
    question: fillText(entry.question, values),
    answer: <ShopHtml className="rich-text" html={fillHtml(entry.answerHtml, values)} />,
  }));
  return (
    <>
      <PageHeader eyebrow="Help" title={fillText(content.title, values)}>
        <p>
          Can't find your answer?{" "}
          <ShopLink
            to="/contact"
            className="font-semibold text-brand-strong underline underline-offset-2"
          >
            Contact us
          </ShopLink>
          .
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
        <Accordion items={items} />
      </div>
    </>
  );
}
