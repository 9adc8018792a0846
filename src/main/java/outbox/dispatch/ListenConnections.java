package outbox.dispatch;

import java.sql.Connection;
import java.sql.SQLException;

/** Opens the dedicated connection the wake listener LISTENs on (outside the pool: it is held forever). */
@FunctionalInterface
interface ListenConnections {

	Connection open() throws SQLException;
}
