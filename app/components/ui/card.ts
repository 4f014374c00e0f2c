/** A white panel on the page's paper: the dashboards' sections, forms and figures. */
export const cardClass = "rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft";
