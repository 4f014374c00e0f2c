import type {
  AboutContent,
  FaqContent,
  HomeContent,
  PageContents,
  PageKey,
  PolicyContent,
} from "@common/content/pages";
import { fillText, type PagePlaceholders } from "@common/content/placeholders";
import { AboutView } from "~/components/content/about-view";
import { FaqView } from "~/components/content/faq-view";
import { PolicyView } from "~/components/content/policy-view";
import { Hero } from "~/components/home/hero";
import { AnnouncementBar } from "~/components/layout/announcement-bar";

// A page's preview in the admin (page-editor.tsx), loaded on demand: the storefront's own views.

/** The storefront's own drawing of a page's content. */
export default function PagePreview<K extends PageKey>({
  page,
  content,
  values,
  today,
}: {
  page: K;
  content: PageContents[K];
  values: PagePlaceholders;
  today: string;
}) {
  const shown = content as PageContents[PageKey];
  if (page === "home") {
    const home = shown as HomeContent;
    return (
      <>
        <AnnouncementBar messages={home.announcements.map((text) => fillText(text, values))} />
        <Hero title={fillText(home.heroTitle, values)} text={fillText(home.heroText, values)} />
      </>
    );
  }
  if (page === "about") return <AboutView content={shown as AboutContent} values={values} />;
  if (page === "faq") return <FaqView content={shown as FaqContent} values={values} />;
  return <PolicyView content={shown as PolicyContent} values={values} updated={today} />;
}
