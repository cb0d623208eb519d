// test/clients/Client.java: pgjdbc (Debian's libpostgresql-jdbc-java)
// against snowflake, and an application's use of it (app(): a table keyed
// by gen_snowflake(), JSON through Jackson, Debian's
// libjackson2-databind-java).  test/check compiles it with javac into a
// scratch directory and runs it with the URL of a server listening on
// 127.0.0.1 (pgjdbc speaks TCP) as its argument; prints one line per failed
// check and a closing "java: N passed, N failed".  The regions between
// "// doc: NAME" and "// end doc: NAME" are shown in
// doc/snowflake-clients.md, and test/clients/recipes.py fails when the two
// differ.
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;

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
                    } else {
                        try {
                            long l = rs.getLong(1);
                            check("getLong above 2^63-1 raises: " + want[i], false, l);
                        } catch (SQLException e) {
                            check("getLong above 2^63-1 raises 22003: " + want[i],
                                  "22003".equals(e.getSQLState()), e.getSQLState() + " " + e.getMessage());
                        }
                    }
                    Object o = rs.getObject(1);
                    check("getObject: a PGobject of type snowflake, value exact: " + want[i],
                          o instanceof org.postgresql.util.PGobject
                          && "snowflake".equals(((org.postgresql.util.PGobject) o).getType())
                          && want[i].equals(((org.postgresql.util.PGobject) o).getValue()), o);
                    java.math.BigDecimal d = rs.getBigDecimal(1);
                    check("getBigDecimal is exact: " + want[i], want[i].equals(d.toPlainString()), d);
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

    // An application's table, keyed by gen_snowflake().
    static final int N = 1000;  // rows enough that the planner picks the index by cost

    // doc: java-record
    // ids as String: exact for every id, and a string in JSON
    record Event(String id, String payload) {}
    // end doc: java-record

    static OffsetDateTime msNow(Connection conn) throws SQLException {
        try (Statement st = conn.createStatement();
             ResultSet rs = st.executeQuery("SELECT date_trunc('milliseconds', clock_timestamp())")) {
            rs.next();
            return rs.getObject(1, OffsetDateTime.class);
        }
    }

    static String plan(PreparedStatement ps) throws SQLException {
        StringBuilder b = new StringBuilder();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                b.append(rs.getString(1)).append('\n');
            }
        }
        return b.toString();
    }

    static void app(Connection conn) throws Exception {
        try {
            appTable(conn);
        } finally {
            try (Statement st = conn.createStatement()) {
                st.execute("DROP TABLE IF EXISTS java_events");
            }
        }
    }

    static void appTable(Connection conn) throws Exception {
        OffsetDateTime from = msNow(conn);
        // doc: java-use
        try (Statement st = conn.createStatement()) {
            st.execute("CREATE TABLE java_events ("
                       + " id snowflake PRIMARY KEY DEFAULT gen_snowflake(),"
                       + " payload text)");
        }
        Event event;
        try (PreparedStatement ps = conn.prepareStatement(
                 "INSERT INTO java_events (payload) VALUES (?)", new String[] {"id"})) {
            ps.setString(1, "hello");
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                event = new Event(keys.getString("id"), "hello");
            }
        }
        String json = new ObjectMapper().writeValueAsString(event);
        // {"id":"388075871774179328","payload":"hello"}
        Event same = null;
        try (PreparedStatement ps = conn.prepareStatement(
                 "SELECT id, payload FROM java_events WHERE id = ?::snowflake")) {
            ps.setString(1, event.id());
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    same = new Event(rs.getString("id"), rs.getString("payload"));
                }
            }
        }
        // end doc: java-use
        check("app: the id as a parameter finds its row", event.equals(same), same);
        try (Statement st = conn.createStatement()) {
            String text;
            try (ResultSet rs = st.executeQuery("SELECT id::text FROM java_events WHERE payload = 'hello'")) {
                rs.next();
                text = rs.getString(1);
            }
            check("app: the minted id is exact", text.equals(event.id()), event.id() + " " + text);
            check("app: JSON holds the id as a string",
                  json.equals("{\"id\":\"" + text + "\",\"payload\":\"hello\"}"), json);
            check("app: JSON reads back", new ObjectMapper().readValue(json, Event.class).equals(event), json);
        }
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO java_events (payload) VALUES (?)")) {
            for (int i = 0; i < N; i++) {
                ps.setString(1, "row " + i);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        OffsetDateTime to = msNow(conn);
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO java_events VALUES (?::snowflake, 'max')")) {
            ps.setString(1, MAX);
            ps.executeUpdate();
        }
        try (Statement st = conn.createStatement()) {
            st.execute("ANALYZE java_events");
        }

        // doc: java-window
        List<Event> recent = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement(
                 "SELECT id, payload FROM java_events WHERE id <@ tstzrange(?, ?, '[]')")) {
            ps.setObject(1, from);   // OffsetDateTime: a timestamptz
            ps.setObject(2, to);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    recent.add(new Event(rs.getString("id"), rs.getString("payload")));
                }
            }
        }
        // end doc: java-window
        check("app: the window holds every minted row, and only them",
              recent.size() == N + 1 && recent.stream().noneMatch(e -> "max".equals(e.payload())), recent.size());

        // Each way of binding an id finds it through the index.
        // doc: java-explain
        StringBuilder plan = new StringBuilder();
        try (PreparedStatement ps = conn.prepareStatement(
                 "EXPLAIN SELECT * FROM java_events WHERE id = ?::snowflake")) {
            ps.setString(1, event.id());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    plan.append(rs.getString(1)).append('\n');
                }
            }
        }
        // plan: Index Scan using java_events_pkey on java_events ...
        // end doc: java-explain
        check("app: setString with ?::snowflake uses the index",
              plan.toString().startsWith("Index Scan using java_events_pkey on java_events"), plan);
        try (PreparedStatement ps = conn.prepareStatement("EXPLAIN SELECT * FROM java_events WHERE id = ?")) {
            ps.setObject(1, event.id(), Types.OTHER);
            String p = plan(ps);
            check("app: setObject(Types.OTHER) uses the index",
                  p.startsWith("Index Scan using java_events_pkey on java_events"), p);
            ps.setLong(1, Long.parseLong(event.id()));
            p = plan(ps);
            check("app: setLong uses the index", p.startsWith("Index Scan using java_events_pkey on java_events"), p);
        }
        // setString into a bare ?: a varchar, and no snowflake = varchar.
        try (PreparedStatement ps = conn.prepareStatement("SELECT payload FROM java_events WHERE id = ?")) {
            ps.setString(1, event.id());
            one(ps);
            check("app: setString into a bare ? raises", false, "no error");
        } catch (SQLException e) {
            check("app: setString into a bare ? raises 42883", "42883".equals(e.getSQLState()), e.getSQLState());
        }

        // doc: java-long
        long bits = Long.parseUnsignedLong("18446744073709551615");  // -1L: the same 64 bits
        String id = Long.toUnsignedString(bits);                     // "18446744073709551615"
        // end doc: java-long
        try (PreparedStatement ps = conn.prepareStatement("SELECT id, payload FROM java_events WHERE id = ?::snowflake")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                boolean row = rs.next();
                check("app: 2^64-1 round-trips as a String, and through an unsigned long",
                      row && MAX.equals(rs.getString(1)) && "max".equals(rs.getString(2))
                      && Long.parseUnsignedLong(rs.getString(1)) == bits && bits == -1L,
                      row ? rs.getString(1) : "no row");
                check("app: 2^64-1 in JSON", row && new ObjectMapper().writeValueAsString(
                          new Event(rs.getString(1), rs.getString(2))).equals(
                          "{\"id\":\"18446744073709551615\",\"payload\":\"max\"}"), "");
            }
        }
        // setLong of that long is a negative bigint: no id equals it.
        try (PreparedStatement ps = conn.prepareStatement("SELECT count(*) FROM java_events WHERE id = ?")) {
            ps.setLong(1, bits);
            check("app: setLong of an id from 2^63 up finds nothing", "0".equals(one(ps)), bits);
        }
    }

    public static void main(String[] args) {
        try (Connection conn = DriverManager.getConnection(args[0])) {
            run(conn);
            app(conn);
        } catch (Exception e) {  // a crash is a failure, reported like the rest
            failed++;
            System.out.println("FAIL java: " + e);
        }
        System.out.println("java: " + passed + " passed, " + failed + " failed");
        System.exit(failed == 0 ? 0 : 1);
    }
}
