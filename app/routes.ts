import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/layout.tsx", [
    index("routes/home.tsx"),
    route("jobs/:id", "routes/job-detail.tsx"),
    route("favourite", "routes/favourites.tsx"),
    route("my-job", "routes/my-jobs.tsx"),
    route("post-job", "routes/post-job.tsx"),
    route("edit-job/:id", "routes/edit-job.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("login", "routes/login.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
] satisfies RouteConfig;
