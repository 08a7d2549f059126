import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { PageContainer } from "../../components/layout/PageContainer";
import type { LegalDocument } from "../../lib/content/legal";
import { frenchSpacing } from "../../lib/typography";
import { usePageTitle } from "../../lib/usePageTitle";
import { screenMessages } from "../../lib/messages/screens";

const t = frenchSpacing;

/** A legal document: title, contents on the side (wide screens), numbered sections. */
export function LegalDocumentView({ doc }: { doc: LegalDocument }) {
  usePageTitle(doc.title);
  return (
    <PageContainer>
      <Box sx={{ display: "grid", gap: { xs: 3, md: 5 }, gridTemplateColumns: { xs: "1fr", md: "240px 1fr" }, alignItems: "start" }}>
        <Box component="nav" aria-label={screenMessages.legal.contents} sx={{ display: { xs: "none", md: "block" }, position: "sticky", top: 96 }}>
          <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
            {screenMessages.legal.contents}
          </Typography>
          <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, mt: 1, display: "flex", flexDirection: "column", gap: 1 }}>
            {doc.sections.map((s) => (
              <li key={s.id}>
                <Link href={`#${s.id}`} variant="body2" color="text.secondary">
                  {t(s.title)}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
        <Card component="article" sx={{ p: { xs: 3, sm: 5 } }}>
          <Typography variant="h1" sx={{ fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
            {t(doc.title)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t(doc.updated)}
          </Typography>
          <Typography sx={{ mt: 3 }}>{t(doc.intro)}</Typography>
          {doc.sections.map((s) => (
            <Box component="section" key={s.id} id={s.id} sx={{ mt: 4, scrollMarginTop: 88 }}>
              <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
                {t(s.title)}
              </Typography>
              {s.blocks.map((b, i) =>
                typeof b === "string" ? (
                  <Typography key={i} sx={{ mb: 1.5 }} color="text.primary">
                    {t(b)}
                  </Typography>
                ) : (
                  <Box component="ul" key={i} sx={{ mt: 0, mb: 1.5, pl: 3, "& li": { mb: 0.75, lineHeight: 1.6 } }}>
                    {b.list.map((item) => (
                      <li key={item}>{t(item)}</li>
                    ))}
                  </Box>
                ),
              )}
            </Box>
          ))}
        </Card>
      </Box>
    </PageContainer>
  );
}
