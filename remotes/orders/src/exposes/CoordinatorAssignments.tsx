/** orders--manage-assignments: the coordinator assignments. */
import { AssignmentsPage } from '../assignments/AssignmentsPage';
import { page } from '../page';

function CoordinatorAssignments() {
  return <AssignmentsPage />;
}

export default page(CoordinatorAssignments);
