import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/layout.tsx", [
    index("routes/home.tsx"),
    route("job-sites", "routes/job-sites.tsx"),
    route("remoteok", "routes/remoteok.tsx"),
    route("adzunajobs", "routes/adzunajobs.tsx"),
    route("jooblejobs", "routes/jooblejobs.tsx"),
    route("himalayasjobs", "routes/himalayasjobs.tsx"),
    route("jobwiz", "routes/jobwiz.tsx"),
    route("jobs/:id", "routes/job-detail.tsx"),
    route("favourite", "routes/favourites.tsx"),
    route("my-job", "routes/my-jobs.tsx"),
    route("post-job", "routes/post-job.tsx"),
    route("edit-job/:id", "routes/edit-job.tsx"),
    route("about-us", "routes/about-us.tsx"),
    route("contact", "routes/contact.tsx"),
    route("terms-and-condition", "routes/terms-and-condition.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("blog", "routes/blog.tsx"),
    route("community-guidelines", "routes/community-guidelines.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("login", "routes/login.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
] satisfies RouteConfig;
