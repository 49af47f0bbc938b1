import { lazyPage } from '../lib/lazy-page.tsx';
import type { Role } from '../lib/auth.ts';
import { AppLayout } from './app.tsx';

const Landing = lazyPage(() => import('../features/site/pages/Landing.tsx'));
const StudentDashboard = lazyPage(() => import('../features/lessons/pages/StudentDashboard.tsx'));
const TeacherDashboard = lazyPage(() => import('../features/lessons/pages/TeacherDashboard.tsx'));
const AdminDashboard = lazyPage(() => import('../features/admin/pages/AdminDashboard.tsx'));

/** What "/" shows: the landing page for visitors, the role's dashboard for users. */
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

/** Loads the code of what "/" shows for `role` (main.tsx, before the first render). */
Home.preload = ({ role }: { role: Role | null }): Promise<unknown> => {
  const dashboard = role && { student: StudentDashboard, teacher: TeacherDashboard, admin: AdminDashboard }[role];
  return dashboard ? Promise.all([AppLayout.preload(), dashboard.preload()]) : Landing.preload();
};
