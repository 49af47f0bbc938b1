import { lazy } from 'react';
import type { Role } from '../lib/auth.ts';

const loadLanding = () => import('../pages/public/Landing.tsx');
// A visitor's first page is most often "/": fetch its code while the session check is still running.
if (window.location.pathname === '/') void loadLanding();
const Landing = lazy(loadLanding);
const AppLayout = lazy(() => import('../components/app/AppLayout.tsx'));
const StudentDashboard = lazy(() => import('../pages/app/StudentDashboard.tsx'));
const TeacherDashboard = lazy(() => import('../pages/app/TeacherDashboard.tsx'));
const AdminDashboard = lazy(() => import('../pages/app/AdminDashboard.tsx'));

/** What "/" shows: the landing page for visitors, the role's dashboard for users (spec section 2). */
export function Home({ role }: { role: Role | null }) {
  switch (role) {
    case 'teacher':
      return (
        <AppLayout>
          <TeacherDashboard />
        </AppLayout>
      );
    case 'admin':
      return (
        <AppLayout>
          <AdminDashboard />
        </AppLayout>
      );
    case 'student':
      return (
        <AppLayout>
          <StudentDashboard />
        </AppLayout>
      );
    default:
      return <Landing />;
  }
}
