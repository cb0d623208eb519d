// test/clients/Client.java: pgjdbc (Debian's libpostgresql-jdbc-java)
// against snowflake.  test/check compiles it with javac into a scratch
// directory and runs it with the URL of a server listening on 127.0.0.1
// (pgjdbc speaks TCP) as its argument; prints one line per failed check
// and a closing "java: N passed, N failed".
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;

public class Client {
    static int passed = 0;
    static int failed = 0;

    static void check(String name, boolean ok, Object detail) {
        if (ok) {
            passed++;
        } else {
            failed++;
            System.out.println("FAIL " + name + ": " + detail);
        }
    }

    static final String TOP = "9223372036854775808";    // 2^63: the top bit set
    static final String MAX = "18446744073709551615";   // 2^64-1
    static final String VECTOR = "319545566822428714";

    static String one(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    static void run(Connection conn) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.execute("CREATE TEMP TABLE ev (id snowflake PRIMARY KEY, payload text)");
            st.execute("INSERT INTO ev VALUES ('" + VECTOR + "', 'a'), ('" + TOP + "', 'top bit'), ('"
                       + MAX + "', 'max')");

            // Reading: getString is exact for every id; getLong where it fits.
            try (ResultSet rs = st.executeQuery("SELECT id FROM ev ORDER BY id")) {
                String[] want = {VECTOR, TOP, MAX};
                int i = 0;
                while (rs.next()) {
                    String s = rs.getString(1);
                    check("getString is exact: " + want[i], want[i].equals(s), s);
                    check("getString never negative: " + want[i], new BigInteger(s).signum() >= 0, s);
                    if (i == 0) {
                        long l = rs.getLong(1);
                        check("getLong where it fits", l == 319545566822428714L, l);
                        Object o = rs.getObject(1);
                        check("getObject: a PGobject of type snowflake, value exact",
                              o instanceof org.postgresql.util.PGobject
                              && "snowflake".equals(((org.postgresql.util.PGobject) o).getType())
                              && VECTOR.equals(((org.postgresql.util.PGobject) o).getValue()), o);
                    } else {
                        try {
                            long l = rs.getLong(1);
                            check("getLong above 2^63-1 raises: " + want[i], false, l);
                        } catch (SQLException e) {
                            check("getLong above 2^63-1 raises 22003: " + want[i],
                                  "22003".equals(e.getSQLState()), e.getSQLState() + " " + e.getMessage());
                        }
                        java.math.BigDecimal d = rs.getBigDecimal(1);
                        check("getBigDecimal is exact: " + want[i], want[i].equals(d.toPlainString()), d);
                    }
                    i++;
                }
                check("three rows, in unsigned order", i == 3, i);
            }
        }

        // Binding: setString with ?::snowflake.
        try (PreparedStatement ps = conn.prepareStatement("SELECT payload FROM ev WHERE id = ?::snowflake")) {
            ps.setString(1, TOP);
            check("setString with ?::snowflake, above 2^63", "top bit".equals(one(ps)), TOP);
            ps.setString(1, MAX);
            check("setString with ?::snowflake, 2^64-1", "max".equals(one(ps)), MAX);
            ps.setString(1, "EVT0NbWMtkosp8");
            check("setString: a branded id with ?::snowflake", "a".equals(one(ps)), "EVT0NbWMtkosp8");
        }
        // setObject with Types.OTHER: sent untyped, the server takes it for a snowflake.
        try (PreparedStatement ps = conn.prepareStatement("SELECT payload FROM ev WHERE id = ?")) {
            ps.setObject(1, MAX, Types.OTHER);
            check("setObject(Types.OTHER), 2^64-1", "max".equals(one(ps)), MAX);
            ps.setObject(1, "EVT0NbWMtkosp8", Types.OTHER);
            check("setObject(Types.OTHER), a branded id", "a".equals(one(ps)), "EVT0NbWMtkosp8");
        }
        // setLong: a bigint, compared by the (snowflake, bigint) operators.
        try (PreparedStatement ps = conn.prepareStatement(
                 "SELECT payload, pg_typeof(?)::text FROM ev WHERE id = ?")) {
            ps.setLong(1, 319545566822428714L);
            ps.setLong(2, 319545566822428714L);
            try (ResultSet rs = ps.executeQuery()) {
                boolean row = rs.next();
                check("setLong: a bigint, and id = bigint finds the row",
                      row && "a".equals(rs.getString(1)) && "bigint".equals(rs.getString(2)),
                      row ? rs.getString(1) + " " + rs.getString(2) : "no row");
            }
            ps.setLong(1, -1L);
            ps.setLong(2, -1L);
            check("setLong(-1): equal to no id", one(ps) == null, "a row");
        }
        // A branded id bound as text: snowflake_unbrand, the kind door.
        try (PreparedStatement ps = conn.prepareStatement("SELECT snowflake_unbrand(?, 'EVT')::text")) {
            ps.setString(1, "EVT0NbWMtkosp8");
            check("snowflake_unbrand(?, 'EVT')", VECTOR.equals(one(ps)), "EVT0NbWMtkosp8");
            ps.setString(1, "USR0KHTOWnGLuC");
            try {
                one(ps);
                check("snowflake_unbrand: another namespace refused", false, "no error");
            } catch (SQLException e) {
                check("snowflake_unbrand: another namespace refused with 22023",
                      "22023".equals(e.getSQLState()), e.getSQLState());
            }
        }
        // Minted ids round-trip as strings, through a parameter; past the
        // prepare threshold too (pgjdbc then uses a server-side statement).
        try (Statement st = conn.createStatement();
             PreparedStatement ps = conn.prepareStatement("SELECT ?::snowflake::text")) {
            for (int i = 0; i < 8; i++) {
                String id;
                try (ResultSet rs = st.executeQuery("SELECT gen_snowflake()")) {
                    rs.next();
                    id = rs.getString(1);
                }
                ps.setString(1, id);
                check("minted id round-trips (" + i + ")", id.equals(one(ps)), id);
            }
            ps.setString(1, MAX);
            check("2^64-1 round-trips after the prepare threshold", MAX.equals(one(ps)), MAX);
        }
    }

    public static void main(String[] args) {
        try (Connection conn = DriverManager.getConnection(args[0])) {
            run(conn);
        } catch (Exception e) {  // a crash is a failure, reported like the rest
            failed++;
            System.out.println("FAIL java: " + e);
        }
        System.out.println("java: " + passed + " passed, " + failed + " failed");
        System.exit(failed == 0 ? 0 : 1);
    }
}
