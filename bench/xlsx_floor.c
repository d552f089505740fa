/* libxlsxwriter on its own: N rows shaped like txfeed's Transactions sheet, written in
 * constant-memory mode as txfeed's xlsx sink writes them, with no txfeed code at all. It is the
 * least time any sink built on libxlsxwriter can take, so bin/bench sets it beside the csv sink.
 *   columns: date (a date-time number), day, account, vendor, the colour swatch (a blank cell
 *            filled from one of 64 formats), type, amount (a number with two decimals),
 *            currency, colour, source, id, status: the text and number cells of every row
 * usage: xlsx_floor N OUT.xlsx
 * build: gcc -O2 -o xlsx_floor xlsx_floor.c -lxlsxwriter
 */
#include <stdio.h>
#include <stdlib.h>
#include <xlsxwriter.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: xlsx_floor N OUT.xlsx\n");
        return 2;
    }
    long rows = atol(argv[1]);
    lxw_workbook_options options = {.constant_memory = LXW_TRUE, .tmpdir = NULL, .use_zip64 = LXW_FALSE};
    lxw_workbook *book = workbook_new_opt(argv[2], &options);
    if (!book) {
        fprintf(stderr, "xlsx_floor: cannot create %s\n", argv[2]);
        return 1;
    }
    lxw_worksheet *sheet = workbook_add_worksheet(book, "Transactions");
    lxw_format *date = workbook_add_format(book);
    format_set_num_format(date, "yyyy-mm-dd hh:mm");
    lxw_format *money = workbook_add_format(book);
    format_set_num_format(money, "#,##0.00");
    lxw_format *fills[64];
    for (int i = 0; i < 64; i++) {
        fills[i] = workbook_add_format(book);
        format_set_pattern(fills[i], LXW_PATTERN_SOLID);
        format_set_bg_color(fills[i], (lxw_color_t)((0x102030u * (unsigned)(i + 1)) & 0xFFFFFFu));
    }
    char vendor[64], account[64], id[64], day[32];
    for (lxw_row_t r = 1; r <= (lxw_row_t)rows; r++) {
        snprintf(vendor, sizeof vendor, "VENDOR NUMBER %u LTD", r % 500);
        snprintf(account, sizeof account, "Everyday Checking %u", r % 7);
        snprintf(id, sizeof id, "fp:%016x-1", r * 2654435761u);
        snprintf(day, sizeof day, "Mon, Nov %u", r % 28 + 1);
        worksheet_write_number(sheet, r, 0, 45000 + r / 1000.0, date);
        worksheet_write_string(sheet, r, 1, day, NULL);
        worksheet_write_string(sheet, r, 2, account, NULL);
        worksheet_write_string(sheet, r, 3, vendor, NULL);
        worksheet_write_blank(sheet, r, 4, fills[r % 64]);
        worksheet_write_string(sheet, r, 5, r & 1 ? "debit" : "credit", NULL);
        worksheet_write_number(sheet, r, 6, (double)(r % 10000) / 100.0, money);
        worksheet_write_string(sheet, r, 7, "USD", NULL);
        worksheet_write_string(sheet, r, 8, "#2f0702", NULL);
        worksheet_write_string(sheet, r, 9, "fixture", NULL);
        worksheet_write_string(sheet, r, 10, id, NULL);
        worksheet_write_string(sheet, r, 11, "booked", NULL);
    }
    lxw_error error = workbook_close(book);
    if (error != LXW_NO_ERROR) {
        fprintf(stderr, "xlsx_floor: %s\n", lxw_strerror(error));
        return 1;
    }
    return 0;
}
