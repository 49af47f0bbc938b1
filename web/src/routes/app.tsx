import { lazyPage } from '../lib/lazy-page.tsx';
import type { RouteObject } from 'react-router-dom';
import type { Role } from '../lib/auth.ts';
import { WEB_ROUTES } from '@parliamo/domain/web-routes';

/** The signed-in frame (also around the dashboards on "/", routes/home.tsx). */
export const AppLayout = lazyPage(() => import('../components/app/AppLayout.tsx'));
const Profile = lazyPage(() => import('../features/accounts/pages/Profile.tsx'));
const LessonRegistry = lazyPage(() => import('../features/lessons/pages/LessonRegistry.tsx'));
const MyHours = lazyPage(() => import('../features/packages/pages/MyHours.tsx'));
const BookLesson = lazyPage(() => import('../features/lessons/pages/BookLesson.tsx'));
const MyStudents = lazyPage(() => import('../features/lessons/pages/MyStudents.tsx'));
const TeacherProfileEditor = lazyPage(() => import('../features/teachers/pages/TeacherProfileEditor.tsx'));
const AdminUsers = lazyPage(() => import('../features/admin/pages/AdminUsers.tsx'));
const AdminStudents = lazyPage(() => import('../features/admin/pages/AdminStudents.tsx'));
const AdminTeacher = lazyPage(() => import('../features/admin/pages/AdminTeacher.tsx'));
const AdminTeacherEdit = lazyPage(() => import('../features/admin/pages/AdminTeacher.tsx').then((m) => ({ default: m.AdminTeacherEdit })));
const AdminPayments = lazyPage(() => import('../features/admin/pages/AdminPayments.tsx'));
const AdminLedger = lazyPage(() => import('../features/admin/pages/AdminLedger.tsx'));
const AdminMails = lazyPage(() => import('../features/admin/pages/AdminMails.tsx'));
const Analytics = lazyPage(() => import('../features/admin/pages/AdminAnalytics.tsx'));
const AdminSettings = lazyPage(() => import('../features/admin/pages/AdminSettings.tsx'));
const AdminDisputes = lazyPage(() => import('../features/admin/pages/AdminDisputes.tsx'));
const AdminInvoices = lazyPage(() => import('../features/invoices/pages/AdminInvoices.tsx'));
const Settings = lazyPage(() => import('../features/accounts/pages/Settings.tsx'));
const Conversations = lazyPage(() => import('../features/messages/pages/ConversationsPage.tsx'));
const Conversation = lazyPage(() => import('../features/messages/pages/ConversationPage.tsx'));
const ReportedConversations = lazyPage(() => import('../features/messages/pages/ReportedConversationsPage.tsx'));

/**
 * Routes of the signed-in app (student, teacher, admin). Every one sits in the app layout, which
 * sends visitors to the login and tells a role without access so. The role is
 * read by the layout, so the table is the same for everyone.
 */
export function appRoutes(_role: Role | string | null): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: [
        { path: WEB_ROUTES.profile, element: <Profile /> },
        { path: WEB_ROUTES.settings, element: <Settings /> },
        // A conversation (admins: a reported one), or /messages/new?teacherId= (or studentId=) for a first message.
        { path: WEB_ROUTES.conversation, element: <Conversation /> },
      ],
    },
    {
      element: <AppLayout roles={['student', 'teacher']} />,
      children: [
        { path: WEB_ROUTES.lessonRegistry, element: <LessonRegistry /> },
        { path: WEB_ROUTES.messages, element: <Conversations /> },
      ],
    },
    {
      element: <AppLayout roles={['student']} />,
      children: [
        { path: WEB_ROUTES.myHours, element: <MyHours /> },
        { path: WEB_ROUTES.book, element: <BookLesson /> },
      ],
    },
    {
      element: <AppLayout roles={['teacher']} />,
      children: [
        { path: WEB_ROUTES.myStudents, element: <MyStudents /> },
        { path: WEB_ROUTES.teacherProfile, element: <TeacherProfileEditor /> },
      ],
    },
    {
      element: <AppLayout roles={['admin']} />,
      children: [
        { path: WEB_ROUTES.adminUsers, element: <AdminUsers /> },
        { path: WEB_ROUTES.adminStudents, element: <AdminStudents /> },
        { path: WEB_ROUTES.adminTeacher, element: <AdminTeacher /> },
        { path: WEB_ROUTES.adminTeacherEdit, element: <AdminTeacherEdit /> },
        { path: WEB_ROUTES.adminPayments, element: <AdminPayments /> },
        { path: WEB_ROUTES.adminLedger, element: <AdminLedger /> },
        { path: WEB_ROUTES.adminMails, element: <AdminMails /> },
        { path: WEB_ROUTES.adminInvoices, element: <AdminInvoices /> },
        { path: WEB_ROUTES.adminAnalytics, element: <Analytics /> },
        { path: WEB_ROUTES.adminSettings, element: <AdminSettings /> },
        { path: WEB_ROUTES.adminDisputes, element: <AdminDisputes /> },
        { path: WEB_ROUTES.adminMessages, element: <ReportedConversations /> },
      ],
    },
  ];
}
