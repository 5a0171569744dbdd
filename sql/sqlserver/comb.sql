-- idcraft: read the embedded time of COMB GUIDs inside SQL Server (T-SQL), as RT.Comb ships.
-- SQL Server stores a uniqueidentifier as its .NET bytes; CAST(@id AS BINARY(16)) returns them.
-- No SQL Server-compatible engine installs from the package registries CI reaches, so these
-- functions are not run as T-SQL. Their byte positions and arithmetic are evaluated expression
-- for expression in PostgreSQL on real IDs (tests/db.rs,
-- sqlserver_helper_arithmetic_matches_the_rust_timestamps).

-- comb_sql (RT.Comb Provider.Sql): Unix milliseconds, big-endian, in bytes 10..16.
CREATE OR ALTER FUNCTION dbo.IdcraftDateFromComb(@id uniqueidentifier)
RETURNS datetime2(3)
AS
BEGIN
    DECLARE @ms bigint = CAST(SUBSTRING(CAST(@id AS binary(16)), 11, 6) AS bigint);
    RETURN DATEADD(millisecond, @ms % 86400000,
           DATEADD(day, @ms / 86400000, CAST('1970-01-01' AS datetime2(3))));
END;
GO

-- comb_legacy (RT.Comb Provider.Legacy): the 6 bytes are CAST(datetime AS binary(6)).
CREATE OR ALTER FUNCTION dbo.IdcraftDateFromCombLegacy(@id uniqueidentifier)
RETURNS datetime
AS
BEGIN
    RETURN CAST(SUBSTRING(CAST(@id AS binary(16)), 11, 6) AS datetime);
END;
GO

-- A new comb_sql value: NEWID() with Unix milliseconds in the last 6 bytes.
CREATE OR ALTER VIEW dbo.IdcraftNewCombSource AS
SELECT CAST(CAST(NEWID() AS binary(10))
          + CAST(DATEDIFF_BIG(millisecond, '1970-01-01', SYSUTCDATETIME()) AS binary(6))
        AS uniqueidentifier) AS id;
GO
