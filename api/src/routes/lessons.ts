import type { FastifyInstance } from 'fastify';
import adminLedgerRoutes from './admin-ledger.ts';
import bookingRoutes from './bookings.ts';
import calendarRoutes from './calendar.ts';
import dashboardRoutes from './dashboard.ts';
import hourPackageRoutes from './hour-packages.ts';
import teacherRoutes from './teachers.ts';

/** Teachers, availability, lessons, hours, dashboards, calendar feed and the admin's ledger tools. */
export default async function lessonRoutes(app: FastifyInstance) {
  await app.register(teacherRoutes);
  await app.register(bookingRoutes);
  await app.register(hourPackageRoutes);
  await app.register(dashboardRoutes);
  await app.register(calendarRoutes);
  await app.register(adminLedgerRoutes);
}
