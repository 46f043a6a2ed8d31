import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { SOURCE_PATHS, SOURCES } from "#shared/sources.ts";

export default [
  layout("routes/layout.tsx", [
    index("routes/home.tsx"),
    route("job-sites", "routes/job-sites.tsx"),
    // One module renders every source's page; its config per source is in components/source-page-configs.tsx.
    ...SOURCES.map((source) => route(SOURCE_PATHS[source], "routes/source-jobs.tsx", { id: `source-jobs-${source}` })),
    route("jobs/:id", "routes/job-detail.tsx"),
    route("jobs/:id/apply", "routes/apply.tsx"),
    route("companies/:slug", "routes/company.tsx"),
    route("companies/:slug/edit", "routes/edit-company.tsx"),
    route("favourite", "routes/favourites.tsx"),
    route("my-job", "routes/my-jobs.tsx"),
    route("my-jobs/:id/applications", "routes/job-applications.tsx"),
    route("my-alerts", "routes/my-alerts.tsx"),
    route("account/security", "routes/account-security.tsx"),
    route("post-job", "routes/post-job.tsx"),
    route("edit-job/:id", "routes/edit-job.tsx"),
    route("about-us", "routes/about-us.tsx"),
    route("contact", "routes/contact.tsx"),
    route("terms-and-condition", "routes/terms-and-condition.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("blog", "routes/blog.tsx"),
    route("community-guidelines", "routes/community-guidelines.tsx"),
    route("admin", "routes/admin.tsx"),
    route("admin/jobs/:id", "routes/admin-job.tsx"),
    route("admin/messages", "routes/admin-messages.tsx"),
    route("admin/companies", "routes/admin-companies.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("login", "routes/login.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("sitemap/:file", "routes/sitemap.$file.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
] satisfies RouteConfig;
