/** What a page says about itself to browsers and search engines (spec "Page metadata"). */
export interface PageMetaProps {
  title: string;
  description: string;
  keywords: string;
  /** The page's path, made absolute for the canonical address. */
  path: string;
  /** Only for the pages the spec lists: login, my-hours, privacy, terms, teacher dashboard, dashboard. */
  noindex?: boolean;
}

/** Title, description, keywords, canonical link and robots; React 19 hoists them into <head>. */
export function PageMeta({ title, description, keywords, path, noindex }: PageMetaProps) {
  const canonical = `${window.location.origin}${path}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={keywords} />
      <link rel="canonical" href={canonical} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta name="robots" content={noindex ? 'noindex, nofollow' : 'index, follow'} />
    </>
  );
}
