package dev.inferencemetrics.rollup;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Function;

/**
 * Rows bound as one PostgreSQL array per column, for a statement that writes them all through {@code unnest}: one
 * round trip however many deployments and buckets a poll round brings.
 */
final class UnnestedRows<R> {

    private final Connection connection;
    private final PreparedStatement statement;
    private final List<R> rows;
    private int parameter;

    /** {@code firstParameter}: the index of the statement's first array parameter. */
    UnnestedRows(Connection connection, PreparedStatement statement, List<R> rows, int firstParameter) {
        this.connection = connection;
        this.statement = statement;
        this.rows = rows;
        this.parameter = firstParameter;
    }

    /** Binds the next parameter to this column's values, an array of the PostgreSQL element type {@code sqlType}. */
    UnnestedRows<R> column(String sqlType, Function<R, Object> value) throws SQLException {
        statement.setArray(
                parameter++,
                connection.createArrayOf(sqlType, rows.stream().map(value).toArray()));
        return this;
    }
}
